/** Suggestions for the industry field; any other text is accepted too. */
export const INDUSTRIES = [
  'Banking and finance',
  'Insurance',
  'Telecommunications',
  'Retail and e-commerce',
  'Healthcare',
  'Education',
  'Hospitality and travel',
  'Logistics and transport',
  'Software and technology',
  'Media and entertainment',
  'Energy and utilities',
  'Real estate',
  'Agriculture',
  'Manufacturing',
  'Government and public sector',
  'Non-profit',
]
