import { metric } from '../metric.js'

/* Community metrics (contract §7.9). */

const averagecommentsMetric = metric({
  name: 'averagecomments',
  uses: ['community'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const communitygrowthrateMetric = metric({
  name: 'communitygrowthrate',
  uses: ['community'],
  series: 'day',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const communitymembersMetric = metric({
  name: 'communitymembers',
  uses: ['community'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const communityratingMetric = metric({
  name: 'communityrating',
  uses: ['community'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const cumulativecommentsMetric = metric({
  name: 'cumulativecomments',
  uses: ['community'],
  series: 'day',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const cumulativeissuesMetric = metric({
  name: 'cumulativeissues',
  uses: ['community'],
  series: 'day',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const uniquecommentsMetric = metric({
  name: 'uniquecomments',
  uses: ['community', 'limit'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const issueuserrelationMetric = metric({
  name: 'issueuserrelation',
  uses: ['community'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const commentsuserrelationMetric = metric({
  name: 'commentsuserrelation',
  uses: ['community', 'thread'],
  defaultWindow: 'thread_life',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

export const communityMetrics = {
  averagecomments: averagecommentsMetric,
  communitygrowthrate: communitygrowthrateMetric,
  communitymembers: communitymembersMetric,
  communityrating: communityratingMetric,
  cumulativecomments: cumulativecommentsMetric,
  cumulativeissues: cumulativeissuesMetric,
  uniquecomments: uniquecommentsMetric,
  issueuserrelation: issueuserrelationMetric,
  commentsuserrelation: commentsuserrelationMetric,
}
