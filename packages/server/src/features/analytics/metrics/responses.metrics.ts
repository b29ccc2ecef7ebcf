import { metric } from '../metric.js'

/* Response time, satisfaction and topics (contract §7.5, §7.6, §7.7). */

const averageresponsetimeMetric = metric({
  name: 'averageresponsetime',
  uses: ['channel', 'topic_id', 'assignee'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const hourlyaverageresponsetimeMetric = metric({
  name: 'hourlyaverageresponsetime',
  uses: ['channel', 'topic_id', 'assignee'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const clientsatisfactionMetric = metric({
  name: 'clientsatisfaction',
  uses: ['channel', 'assignee'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const hourlyclientsatisfactionMetric = metric({
  name: 'hourlyclientsatisfaction',
  uses: ['channel', 'assignee'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const populartopicsMetric = metric({
  name: 'populartopics',
  uses: ['channel', 'limit'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const leasttopicsMetric = metric({
  name: 'leasttopics',
  uses: ['channel', 'limit'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

export const responsesMetrics = {
  averageresponsetime: averageresponsetimeMetric,
  hourlyaverageresponsetime: hourlyaverageresponsetimeMetric,
  clientsatisfaction: clientsatisfactionMetric,
  hourlyclientsatisfaction: hourlyclientsatisfactionMetric,
  populartopics: populartopicsMetric,
  leasttopics: leasttopicsMetric,
}
