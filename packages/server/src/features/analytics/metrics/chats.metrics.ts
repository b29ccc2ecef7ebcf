import { metric } from '../metric.js'

/* Chats, channels and escalations (contract §7.3, §7.4). */

const countchatsMetric = metric({
  name: 'countchats',
  uses: ['channel', 'topic_id'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const counthourlychatsMetric = metric({
  name: 'counthourlychats',
  uses: ['channel', 'topic_id'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const cumulativehourlychatsMetric = metric({
  name: 'cumulativehourlychats',
  uses: ['channel', 'topic_id'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const communicationchannelsMetric = metric({
  name: 'communicationchannels',
  uses: ['channel', 'topic_id'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const engagementfrequencyMetric = metric({
  name: 'engagementfrequency',
  uses: ['channel', 'topic_id'],
  series: 'month',
  defaultWindow: 'calendar_year',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const countescalatedissuesMetric = metric({
  name: 'countescalatedissues',
  uses: ['channel', 'topic_id'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const hourlycountescalatedissuesMetric = metric({
  name: 'hourlycountescalatedissues',
  uses: ['channel', 'topic_id'],
  series: 'hour',
  defaultWindow: 'hours',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

export const chatsMetrics = {
  countchats: countchatsMetric,
  counthourlychats: counthourlychatsMetric,
  cumulativehourlychats: cumulativehourlychatsMetric,
  communicationchannels: communicationchannelsMetric,
  engagementfrequency: engagementfrequencyMetric,
  countescalatedissues: countescalatedissuesMetric,
  hourlycountescalatedissues: hourlycountescalatedissuesMetric,
}
