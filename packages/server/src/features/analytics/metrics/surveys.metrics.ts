import { metric } from '../metric.js'

/* Survey metrics (contract §7.11). */

const surveyratingsMetric = metric({
  name: 'surveyratings',
  uses: ['survey'],
  defaultWindow: 'survey_life',
  requires: 'survey',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const surveyresponserateMetric = metric({
  name: 'surveyresponserate',
  uses: ['survey'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const averagesurveyrunperiodMetric = metric({
  name: 'averagesurveyrunperiod',
  uses: ['survey'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const totalsurveysMetric = metric({
  name: 'totalsurveys',
  uses: [],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

export const surveysMetrics = {
  surveyratings: surveyratingsMetric,
  surveyresponserate: surveyresponserateMetric,
  averagesurveyrunperiod: averagesurveyrunperiodMetric,
  totalsurveys: totalsurveysMetric,
}
