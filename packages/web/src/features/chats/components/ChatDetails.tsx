import Divider from '@mui/material/Divider'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import { useChat } from '../use-chat'
import { ChatStateControls } from './ChatStateControls'
import { CustomerPanel } from './CustomerPanel'

/** The right-hand column: the customer, then the chat's state controls. */
export const ChatDetails = ({ chatId }: { chatId: number }) => {
  const chat = useChat(chatId)
  if (!chat.data) {
    return chat.isError ? null : (
      <div role="status" aria-label="Loading chat details">
        <Skeleton variant="circular" width={40} height={40} />
        <Skeleton width="70%" />
        <Skeleton width="50%" />
      </div>
    )
  }
  return (
    <>
      <Typography variant="overline" component="h2" color="text.secondary">
        Customer
      </Typography>
      <CustomerPanel chat={chat.data} />
      <Divider sx={{ my: 2 }} />
      <Typography variant="overline" component="h2" color="text.secondary">
        Chat
      </Typography>
      <ChatStateControls chat={chat.data} />
    </>
  )
}
