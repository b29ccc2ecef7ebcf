import type { Selectable } from 'kysely'
import type { UsersTable } from '../../db/schema.js'

type UserRow = Selectable<UsersTable>
type PublicFields = Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'profile_photo'>
type DetailFields = PublicFields &
  Pick<UserRow, 'email' | 'phonenumber' | 'gender' | 'dob' | 'country' | 'state' | 'city'>

/** What anyone may see of an account (contract §1.14 `UserPublic`). */
export const userPublic = (u: PublicFields) => ({
  id: u.id,
  username: u.username,
  first_name: u.first_name,
  last_name: u.last_name,
  profile_photo: u.profile_photo,
})

/** A related client as a tenant's staff see them (contract §1.14 `ClientDetail`, §1.5 rule 5). */
export const clientDetail = (u: DetailFields) => ({
  ...userPublic(u),
  email: u.email,
  phonenumber: u.phonenumber,
  gender: u.gender,
  DOB: u.dob,
  country: u.country,
  state: u.state,
  city: u.city,
})
