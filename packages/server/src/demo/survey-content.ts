import type { QuestionInput } from '@proxima/contracts'

/* What the demo organization asks its customers, and what they answer in their own words. */

export const OPEN_TEXT_ANSWERS = [
  'Faster delivery would make a big difference.',
  'Love the quality of the jackets.',
  'The app is easy to use.',
  'More sizes in stock, please.',
  'Support answered quickly and was friendly.',
  'Prices are a bit high compared to other stores.',
  "Please add more women's climbing gear.",
  'Everything was great.',
]

/** A question as written here: required unless it says otherwise. */
export type DemoQuestion = Omit<QuestionInput, 'required'> & { required?: boolean }

export type DemoSurvey = {
  topic: string
  description: string
  /** Where the survey stands at the end time: days since it was created and published, and its run. */
  state: 'closed' | 'published' | 'draft'
  createdDaysAgo: number
  runDays: number
  audience: 'community' | 'clients' | 'public'
  questions: DemoQuestion[]
}

export const SURVEYS: DemoSurvey[] = [
  {
    topic: 'Spring delivery experience',
    description: 'How did your spring orders arrive?',
    state: 'closed',
    createdDaysAgo: 84,
    runDays: 21,
    audience: 'clients',
    questions: [
      { type: 'rating', title: 'How satisfied are you with the delivery time?' },
      { type: 'nps', title: 'How likely are you to recommend Northwind to a friend?' },
      {
        type: 'single_choice',
        title: 'How did your parcel arrive?',
        options: [{ label: 'Perfect condition' }, { label: 'Slightly damaged' }, { label: 'Damaged' }],
      },
      { type: 'open_text', title: 'What could we do better?', required: false },
    ],
  },
  {
    topic: 'Gear Lab: new trail runner',
    description: 'Feedback from the Gear Lab testers.',
    state: 'closed',
    createdDaysAgo: 55,
    runDays: 14,
    audience: 'community',
    questions: [
      { type: 'rating', title: 'Comfort on the first run' },
      { type: 'rating', title: 'Grip on wet rock' },
      {
        type: 'multiple_choice',
        title: 'Where did you test them?',
        options: [{ label: 'Trail' }, { label: 'Road' }, { label: 'Track' }, { label: 'Gym' }],
        min_choices: 1,
        max_choices: 3,
      },
      { type: 'open_text', title: 'Anything else we should know?', required: false },
    ],
  },
  {
    topic: 'Customer satisfaction, this quarter',
    description: 'Our quarterly check-in with customers.',
    state: 'published',
    createdDaysAgo: 20,
    runDays: 30,
    audience: 'public',
    questions: [
      { type: 'nps', title: 'How likely are you to recommend Northwind?' },
      { type: 'rating', title: 'How would you rate our customer support?' },
      {
        type: 'single_choice',
        title: 'How do you usually contact us?',
        options: [{ label: 'Mobile app' }, { label: 'Website chat' }, { label: 'WhatsApp' }, { label: 'Email' }],
      },
      { type: 'open_text', title: 'One thing you would change', required: false },
    ],
  },
  {
    topic: 'Community events wishlist',
    description: 'Which events would you join?',
    state: 'published',
    createdDaysAgo: 6,
    runDays: 21,
    audience: 'community',
    questions: [
      {
        type: 'multiple_choice',
        title: 'Which events interest you?',
        options: [
          { label: 'Group hikes' },
          { label: 'Repair workshops' },
          { label: 'Climbing nights' },
          { label: 'Trip talks' },
          { label: 'Camp cooking' },
        ],
        min_choices: 1,
        max_choices: 5,
      },
      { type: 'rating', title: 'How much do you enjoy our current events?' },
    ],
  },
  {
    topic: 'Loyalty programme ideas',
    description: 'Draft: questions about the new rewards.',
    state: 'draft',
    createdDaysAgo: 2,
    runDays: 30,
    audience: 'clients',
    questions: [
      { type: 'rating', title: 'How valuable are reward points to you?' },
      { type: 'open_text', title: 'Which reward would you like most?' },
    ],
  },
]
