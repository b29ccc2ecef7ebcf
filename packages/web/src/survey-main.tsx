import './app/zod-setup'
import '@fontsource/roboto/400.css'
import '@fontsource/roboto/500.css'
import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { theme } from './app/theme'
import { PublicSurveyPage } from './features/public-survey/PublicSurveyPage'

/*
 * The entry of the public survey page (survey.html), which the server answers for `/s/<key>`: light enough for a
 * phone, with none of the dashboard's router, store, query cache or session.
 */

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

createRoot(root).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <PublicSurveyPage />
    </ThemeProvider>
  </StrictMode>,
)
