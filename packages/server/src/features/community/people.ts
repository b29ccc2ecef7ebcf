import type { Selectable } from 'kysely'
import type { UsersTable } from '../../db/schema.js'

type UserRow = Selectable<UsersTable>

/** What anyone may see of an account (contract §1.14 `UserPublic`). */
export const userPublic = (u: Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'profile_photo'>) => ({
  id: u.id,
  username: u.username,
  first_name: u.first_name,
  last_name: u.last_name,
  profile_photo: u.profile_photo,
})

/** A related client as a tenant's staff see them (contract §1.14 `ClientDetail`, §1.5 rule 5). */
export const clientDetail = (u: UserRow) => ({
  ...userPublic(u),
  email: u.email,
  phonenumber: u.phonenumber,
  gender: u.gender,
  DOB: u.dob,
  country: u.country,
  state: u.state,
  city: u.city,
})
