import { useEffect } from 'react'
import { titleWithUnread } from './tab-title'

/**
 * Keeps the unread count in front of the tab title ("(3) Proxima"). Pages that set their own title keep it: the
 * count is put back in front whenever the title changes, and taken away when the count goes (or the bell does).
 */
export const useUnreadInTabTitle = (count: number) => {
  useEffect(() => {
    const apply = () => {
      const next = titleWithUnread(document.title, count)
      if (next !== document.title) document.title = next
    }
    apply()
    const observer = new MutationObserver(apply)
    observer.observe(document.head, { subtree: true, childList: true, characterData: true })
    return () => {
      observer.disconnect()
      document.title = titleWithUnread(document.title, 0)
    }
  }, [count])
}
