import { expect, test, type APIRequestContext } from '@playwright/test'
import {
  createOrganization,
  expectDashboard,
  FIRST_ADMIN,
  PASSWORD,
  realtimeReady,
  seriousViolations,
  signIn,
  unique,
} from './helpers.js'

const ORGANIZATION = 'Proxima Demo'
const auth = (token: string) => ({ Authorization: `Token ${token}` })

/** A customer of the mobile app (a platform-wide client account), made through the API. */
async function createCustomer(request: APIRequestContext) {
  const username = unique('member')
  const res = await request.post('/api/auth/client/', {
    data: {
      username,
      email: `${username}@example.com`,
      first_name: 'Ada',
      last_name: 'Lovelace',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  expect(res.status()).toBe(201)
  const session = await res.json()
  return { name: 'Ada Lovelace', token: session.token as string }
}

test('a moderator sees a new issue live, answers it, removes a comment, solves it and finds it again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))

  // The dashboard's one realtime connection opens with the shell, right after sign-in.
  const ready = realtimeReady(page)
  await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'))
  const adminToken = (await page.evaluate(() => localStorage.getItem('token'))) as string

  // The organisation's default community, and a customer who joins it.
  const list = await request.get('/api/community/community/', { headers: auth(adminToken) })
  expect(list.status()).toBe(200)
  const community = (await list.json()).data[0]
  expect(community).toBeTruthy()
  const customer = await createCustomer(request)
  const joined = await request.post('/api/community/joincommunity/', {
    headers: auth(customer.token),
    data: { community_id: community.community_id },
  })
  expect(joined.status()).toBe(200)

  // The moderator opens Community from the navigation and then the community.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible()
  const card = page.getByRole('article', { name: community.community_name })
  await expect(card).toContainText(/\d+ members?/)
  await card.getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: community.community_name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Open', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await ready
  await page.evaluate(() => {
    ;(window as unknown as { stillHere: boolean }).stillHere = true
  })

  // The customer raises an issue in the app; it appears in the list without a reload.
  const word = unique('parcel')
  const title = `My ${word} never arrived`
  const raised = await request.post('/api/community/issue/', {
    headers: auth(customer.token),
    data: {
      community_id: community.community_id,
      issue: title,
      description: 'The tracking page has said "out for delivery" for four days. What can I do?',
    },
  })
  expect(raised.status()).toBe(201)
  const issue = await raised.json()
  const row = page.getByRole('list', { name: 'Issues' }).getByRole('link', { name: new RegExp(title) })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Ada Lovelace')
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
  expect(await seriousViolations(page)).toEqual([])

  // The moderator opens the thread: nothing said yet.
  await row.click()
  await expect(page).toHaveURL(new RegExp(`/community/issues/${issue.issue_id}$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('No comments yet')).toBeVisible()

  // A staff reply is shown as the organisation's.
  const answer = `We have asked the courier to call you today. ${unique('#')}`
  await page.getByRole('textbox', { name: `Reply as ${ORGANIZATION}` }).fill(answer)
  await page.getByRole('button', { name: 'Post reply' }).click()
  const comments = page.getByRole('list', { name: 'Comments' })
  const reply = comments.getByRole('listitem', { name: `Comment by ${ORGANIZATION}` })
  await expect(reply).toContainText(answer)
  await expect(reply).toContainText('Staff')
  await expect(page.getByRole('textbox', { name: `Reply as ${ORGANIZATION}` })).toHaveValue('')

  // The customer answers from the app while the page is open; the comment arrives live.
  const thanks = `Thank you, they just called! ${unique('#')}`
  const commented = await request.post('/api/community/comment/', {
    headers: auth(customer.token),
    data: { thread_id: issue.thread_id, comment_description: thanks },
  })
  expect(commented.status()).toBe(201)
  const customerComment = comments.getByRole('listitem', { name: `Comment by ${customer.name}` })
  await expect(customerComment).toContainText(thanks)

  // The moderator removes the customer's comment after confirming; the server agrees it is gone.
  await customerComment.getByRole('button', { name: `Remove comment by ${customer.name}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove this comment?' })
  await expect(confirm).toContainText(thanks)
  await confirm.getByRole('button', { name: 'Remove comment' }).click()
  await expect(confirm).toBeHidden()
  await expect(comments.getByText(thanks)).toHaveCount(0)
  await expect(reply).toBeVisible()
  const left = await request.get('/api/community/comment/', {
    headers: auth(adminToken),
    params: { thread_id: issue.thread_id },
  })
  expect((await left.json()).data.map((c: { comment_description: string }) => c.comment_description)).toEqual([answer])

  // Marked solved: the page and the server say so.
  await page.getByRole('button', { name: 'Mark solved' }).click()
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible()
  await expect(page.getByText(/^Solved by /)).toBeVisible()
  const solved = await request.get(`/api/community/issue/${issue.issue_id}/`, { headers: auth(adminToken) })
  expect(await solved.json()).toMatchObject({ solved: true })

  // Back on the community list, the top-bar search finds the issue; the window keeps the word when reopened.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Community', exact: true })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible()
  await page.getByRole('button', { name: 'Search' }).click()
  const search = page.getByRole('dialog', { name: 'Search' })
  await search.getByRole('searchbox', { name: 'Search' }).fill(word)
  const issues = search.getByRole('region', { name: 'Issues' })
  const result = issues.getByRole('link', { name: new RegExp(title) })
  await expect(result).toBeVisible()
  await expect(result.locator('mark').first()).toHaveText(word)
  await page.keyboard.press('Escape')
  await expect(search).toBeHidden()
  await page.keyboard.press('Control+K')
  await expect(search.getByRole('searchbox', { name: 'Search' })).toHaveValue(word)
  // Selected, so that typing replaces it.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const input = document.activeElement as HTMLInputElement
        return [input.type, input.selectionStart, input.selectionEnd]
      }),
    )
    .toEqual(['search', 0, word.length])
  await result.click()
  await expect(search).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/community/issues/${issue.issue_id}$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible()

  expect(errors).toEqual([])
})

test('an admin creates a community: errors clear as fixed, the form waits while saving, a toast confirms it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  // A plan with room for more than the organization's first community.
  const { tenant, admin } = await createOrganization(request, { plan: 'business' })
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click()
  const first = page.getByRole('article', { name: `${tenant.tenant_name} Community` })
  await expect(first).toBeVisible()

  // Submitting without a name says why; the reason goes as soon as a name is typed, before submitting again.
  await page.getByRole('button', { name: 'New community' }).click()
  const dialog = page.getByRole('dialog', { name: 'New community' })
  const create = dialog.getByRole('button', { name: 'Create community' })
  await create.click()
  await expect(dialog.getByText('Community name is required.')).toBeVisible()
  const name = unique('Book lovers ')
  await dialog.getByLabel('Name', { exact: true }).fill(name)
  await expect(dialog.getByText('Community name is required.')).toHaveCount(0)

  // While the server has not answered, the form waits and says it is saving.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    (url) => url.pathname === '/api/community/community/',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      await held
      return route.continue()
    },
  )
  await create.click()
  await expect(dialog.getByRole('button', { name: 'Saving…' })).toBeDisabled()
  await expect(dialog.getByLabel('Name', { exact: true })).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled()
  release()

  // Saved: the dialog closes, a toast confirms it and the community is listed.
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('alert').filter({ hasText: `${name} is created.` })).toBeVisible()
  await expect(page.getByRole('article', { name })).toBeVisible()

  // A search that finds nothing says so, rather than that there are no communities.
  await page.getByLabel('Search communities').fill('no-such-community')
  await expect(page.getByRole('heading', { name: 'No communities match this search' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(first).toBeVisible()
  expect(errors).toEqual([])
})
