// The demo organization e2e/serve.mjs generates for the journeys (the analytics pages read it), and how to sign in.
export const DEMO = {
  name: 'Northwind Outdoor (demo)',
  admin: 'admin@northwind-outdoor-demo.example.com',
  // The same password as the journeys' own accounts (helpers.ts).
  password: 'Blue-harbour-71',
  timezone: 'America/New_York',
  days: 30,
  scale: 0.3,
}
