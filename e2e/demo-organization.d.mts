export declare const DEMO: {
  name: string
  admin: string
  password: string
  timezone: string
  days: number
  scale: number
}
