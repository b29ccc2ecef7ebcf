import { metric } from '../metric.js'

/* Client demographics and voice messages (contract §7.8, §7.10). */

const clientsaverageageMetric = metric({
  name: 'clientsaverageage',
  uses: ['community'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const clientcitydistributionMetric = metric({
  name: 'clientcitydistribution',
  uses: ['community', 'limit'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const countrydistributionMetric = metric({
  name: 'countrydistribution',
  uses: ['community', 'limit'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const statedistributionMetric = metric({
  name: 'statedistribution',
  uses: ['community', 'limit'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const genderdistributionMetric = metric({
  name: 'genderdistribution',
  uses: ['community'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const cumulativevoicemessageMetric = metric({
  name: 'cumulativevoicemessage',
  uses: ['channel'],
  series: 'day',
  compute: async () => {
    throw new Error('not yet computed')
  },
})

const averagevoicemessageperchatMetric = metric({
  name: 'averagevoicemessageperchat',
  uses: ['channel'],
  compute: async () => {
    throw new Error('not yet computed')
  },
})

export const peopleMetrics = {
  clientsaverageage: clientsaverageageMetric,
  clientcitydistribution: clientcitydistributionMetric,
  countrydistribution: countrydistributionMetric,
  statedistribution: statedistributionMetric,
  genderdistribution: genderdistributionMetric,
  cumulativevoicemessage: cumulativevoicemessageMetric,
  averagevoicemessageperchat: averagevoicemessageperchatMetric,
}
