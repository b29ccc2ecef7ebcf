import { useIsAdmin } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { CategoriesSection } from '../components/CategoriesSection'
import { TopicsSection } from '../components/TopicsSection'

/** Settings → Topics: what chats are about (contract §4.6). Admins manage them; employees read them. */
export const TopicsPage = () => {
  const isAdmin = useIsAdmin()
  return (
    <>
      <PageHeader
        title="Topics"
        description={
          isAdmin
            ? "Tag chats by what they are about. A chat gets a topic when the customer's message contains one of its keywords, or when your team picks it."
            : 'What chats are about. Only admins can change topics and categories.'
        }
      />
      <TopicsSection isAdmin={isAdmin} />
      <CategoriesSection isAdmin={isAdmin} />
    </>
  )
}
