import Box from '@mui/material/Box'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { useId, useState } from 'react'
import { PageHeader } from '../../../ui/PageHeader'
import { DraftTool } from '../components/assistant/DraftTool'
import { ParaphraseTool } from '../components/assistant/ParaphraseTool'
import { SummaryTool } from '../components/assistant/SummaryTool'

const TOOLS = [
  { id: 'draft', label: 'Draft text', Tool: DraftTool },
  { id: 'paraphrase', label: 'Paraphrase', Tool: ParaphraseTool },
  { id: 'summarise', label: 'Summarise text', Tool: SummaryTool },
] as const

/**
 * The AI helpers outside a chat: draft a text, rewrite one in a tone, summarise one. Results are not kept: they
 * are there to be copied.
 */
export const AiAssistantPage = () => {
  const [tab, setTab] = useState(0)
  const baseId = useId()
  return (
    <>
      <PageHeader
        title="AI assistant"
        description="Draft, rewrite and summarise text. In a chat, Summarise, Paraphrase and Generate draft are in the chat window."
      />
      <Tabs
        value={tab}
        onChange={(_event, value: number) => setTab(value)}
        aria-label="AI tools"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TOOLS.map((tool, i) => (
          <Tab key={tool.id} label={tool.label} id={`${baseId}-tab-${i}`} aria-controls={`${baseId}-panel-${i}`} />
        ))}
      </Tabs>
      {TOOLS.map(({ id, Tool: Panel }, i) => (
        <Box
          key={id}
          role="tabpanel"
          id={`${baseId}-panel-${i}`}
          aria-labelledby={`${baseId}-tab-${i}`}
          hidden={tab !== i}
          sx={{ maxWidth: 860 }}
        >
          {/* Panels stay mounted, so switching tabs keeps what was typed and generated. */}
          <Panel />
        </Box>
      ))}
    </>
  )
}
