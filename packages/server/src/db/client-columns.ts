/**
 * The columns of a customer's account (`users as u`) that a related tenant's staff see (contract §1.14
 * `ClientDetail`): never the password hash or other account secrets. `features/community/people.ts` presents them.
 */
export const CLIENT_DETAIL_COLUMNS = [
  'u.id',
  'u.username',
  'u.first_name',
  'u.last_name',
  'u.profile_photo',
  'u.email',
  'u.phonenumber',
  'u.gender',
  'u.dob',
  'u.country',
  'u.state',
  'u.city',
] as const
