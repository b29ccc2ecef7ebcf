import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { createContext, useContext, useId, useState, type FormEvent, type ReactNode } from 'react'

type Ids = { titleId: string; textId: string }
const DialogIds = createContext<Ids | null>(null)

type DialogProps = {
  open: boolean
  onClose: () => void
  maxWidth?: 'xs' | 'sm' | 'md'
  /** The form; it starts afresh (empty errors, the given values) every time the dialog opens. */
  children: ReactNode
}

/** A dialog holding one form, titled and described for assistive technology by the form's own heading and text. */
export const FormDialog = ({ open, onClose, maxWidth = 'sm', children }: DialogProps) => {
  const titleId = useId()
  const textId = useId()
  const [opened, setOpened] = useState({ open, count: 0 })
  if (opened.open !== open) setOpened({ open, count: open ? opened.count + 1 : opened.count })
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogIds.Provider value={{ titleId, textId }}>
        <DialogBody key={opened.count}>{children}</DialogBody>
      </DialogIds.Provider>
    </Dialog>
  )
}

const DialogBody = ({ children }: { children: ReactNode }) => children

type FormProps = {
  title: ReactNode
  description?: ReactNode
  /** Usually a form's `handleSubmit(...)`; its promise keeps the form busy until the answer. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void
  onCancel: () => void
  /** True while the form is sending: Cancel waits for the answer. */
  busy: boolean
  /** The submit button (usually a `SubmitButton`). */
  submit: ReactNode
  children: ReactNode
}

/** The inside of a `FormDialog`: heading, explanation, fields, then Cancel and the submit button. */
export const DialogForm = ({ title, description, onSubmit, onCancel, busy, submit, children }: FormProps) => {
  const ids = useContext(DialogIds)
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogTitle id={ids?.titleId}>{title}</DialogTitle>
      <DialogContent>
        {description ? <DialogContentText id={ids?.textId}>{description}</DialogContentText> : null}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {submit}
      </DialogActions>
    </form>
  )
}
