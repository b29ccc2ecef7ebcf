import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Step from '@mui/material/Step'
import StepLabel from '@mui/material/StepLabel'
import Stepper from '@mui/material/Stepper'
import Typography from '@mui/material/Typography'
import type { PlanId, StaffSession, TenantCreated } from '@proxima/contracts'
import { useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { useAppDispatch, useSessionUser } from '../../../app/hooks'
import { signedIn } from '../../../app/session'
import { SIGN_IN_PATH } from '../../../app/sign-in-link'
import { AuthLayout } from '../../auth/components/AuthLayout'
import { AdminStep } from '../components/AdminStep'
import { InviteStep } from '../components/InviteStep'
import { OrganizationStep } from '../components/OrganizationStep'
import { PlanStep } from '../components/PlanStep'
import { clearTenant, loadTenant, saveTenant, storePlan, type StoredTenant } from '../tenant-storage'

const STEPS = [
  { label: 'Organization', heading: 'Tell us about your organization' },
  { label: 'Plan', heading: 'Choose a plan' },
  { label: 'Admin account', heading: 'Create your admin account' },
  { label: 'Invite members', heading: 'Invite your team' },
] as const

type Start = { step: number; tenant: StoredTenant | null }

/** Resumes where a reload left off: a still-valid stored tenant continues at the plan step. */
const initialState = (signedInAlready: boolean): Start => {
  const tenant = loadTenant()
  if (tenant) return { step: tenant.chosen_plan ? 2 : 1, tenant }
  return { step: signedInAlready ? 3 : 0, tenant: null }
}

export const OnboardingPage = () => {
  const user = useSessionUser()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [start] = useState(() => initialState(Boolean(user)))
  const [step, setStep] = useState(start.step)
  const [tenant, setTenant] = useState<StoredTenant | null>(start.tenant)
  const [plan, setPlan] = useState<PlanId | null>(start.tenant?.chosen_plan ?? null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)

  // Moving between steps puts keyboard and screen-reader focus on the new step's heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    headingRef.current?.focus()
  }, [step])

  const onCreated = (reply: TenantCreated, requestEmail: string) => {
    setTenant(saveTenant(reply, requestEmail))
    setStep(1)
  }
  const onPlan = (choice: PlanId) => {
    setPlan(choice)
    if (tenant) setTenant(storePlan(tenant, choice))
  }
  const onRegistered = (session: StaffSession) => {
    dispatch(signedIn(session))
    clearTenant()
    setTenant(null)
    setStep(3)
  }
  const startOver = () => {
    clearTenant()
    setTenant(null)
    setPlan(null)
    setStep(0)
  }

  // Only an admin can invite; anyone else who is signed in belongs on the dashboard.
  if (step === 3 && user?.user_type !== 'admin') return <Navigate to="/" replace />

  const current = STEPS[step] ?? STEPS[0]
  const canStartOver = tenant !== null && step > 0 && step < 3

  return (
    <AuthLayout title="Create your organization" maxWidth="md">
      <Stepper
        activeStep={step}
        alternativeLabel
        sx={{ my: 3, '& .MuiStepLabel-label': { fontSize: { xs: 12, sm: 14 } } }}
      >
        {STEPS.map((s) => (
          <Step key={s.label}>
            <StepLabel>{s.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography ref={headingRef} tabIndex={-1} variant="h2" component="h2" sx={{ outline: 'none', mb: 1 }}>
          {current.heading}
        </Typography>
        {canStartOver && tenant ? (
          <Typography variant="body2" color="text.secondary">
            {tenant.tenant_name} ·{' '}
            <Button size="small" onClick={startOver}>
              Start over
            </Button>
          </Typography>
        ) : null}
      </Box>

      {step === 0 ? <OrganizationStep onCreated={onCreated} /> : null}
      {step === 1 && tenant ? <PlanStep selected={plan} onSelect={onPlan} onContinue={() => setStep(2)} /> : null}
      {step === 2 && tenant && plan ? (
        <AdminStep
          tenant={tenant}
          plan={plan}
          onRegistered={onRegistered}
          onBack={() => setStep(1)}
          onStartOver={startOver}
        />
      ) : null}
      {step === 3 ? <InviteStep onDone={() => void navigate('/', { replace: true })} /> : null}

      {step === 0 ? (
        <Typography sx={{ mt: 3 }} color="text.secondary">
          Already have an account? {/* The sign-in page is a page of its own (auth.html): a plain link loads it. */}
          <Link href={SIGN_IN_PATH}>Sign in</Link>
        </Typography>
      ) : null}
    </AuthLayout>
  )
}
