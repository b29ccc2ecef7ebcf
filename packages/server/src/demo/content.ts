/* The words of the demo organization: people, places, topics and what customers and staff write. */

export const ORGANIZATION = {
  name: 'Northwind Outdoor (demo)',
  industry: 'Retail',
  email: 'hello@northwind-demo.example.com',
  phonenumber: '+1 212 555 0142',
}

export const FIRST_NAMES_FEMALE = [
  'Olivia',
  'Emma',
  'Ava',
  'Sophia',
  'Isabella',
  'Mia',
  'Amelia',
  'Harper',
  'Evelyn',
  'Abigail',
  'Emily',
  'Ella',
  'Grace',
  'Chloe',
  'Camila',
  'Priya',
  'Aisha',
  'Mei',
  'Lucia',
  'Hannah',
  'Zoe',
  'Nora',
  'Layla',
  'Sara',
]
export const FIRST_NAMES_MALE = [
  'Liam',
  'Noah',
  'Oliver',
  'Elijah',
  'James',
  'William',
  'Benjamin',
  'Lucas',
  'Henry',
  'Theodore',
  'Jack',
  'Levi',
  'Mateo',
  'Daniel',
  'Samuel',
  'David',
  'Arjun',
  'Omar',
  'Wei',
  'Diego',
  'Ethan',
  'Caleb',
  'Owen',
  'Ryan',
]
export const FIRST_NAMES_OTHER = ['Alex', 'Jordan', 'Taylor', 'Riley', 'Casey', 'Morgan', 'Avery', 'Quinn']
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Silva',
  'Cohen',
  'Murphy',
]

/** Where customers live: [city, state, country, weight]. */
export const LOCATIONS: [string, string, string, number][] = [
  ['New York', 'New York', 'United States', 14],
  ['Brooklyn', 'New York', 'United States', 6],
  ['Boston', 'Massachusetts', 'United States', 7],
  ['Philadelphia', 'Pennsylvania', 'United States', 6],
  ['Washington', 'District of Columbia', 'United States', 5],
  ['Atlanta', 'Georgia', 'United States', 5],
  ['Miami', 'Florida', 'United States', 5],
  ['Chicago', 'Illinois', 'United States', 7],
  ['Denver', 'Colorado', 'United States', 6],
  ['Austin', 'Texas', 'United States', 5],
  ['Houston', 'Texas', 'United States', 4],
  ['Seattle', 'Washington', 'United States', 5],
  ['Portland', 'Oregon', 'United States', 4],
  ['San Francisco', 'California', 'United States', 5],
  ['Los Angeles', 'California', 'United States', 6],
  ['Toronto', 'Ontario', 'Canada', 5],
  ['Vancouver', 'British Columbia', 'Canada', 3],
  ['Montreal', 'Quebec', 'Canada', 2],
  ['London', 'England', 'United Kingdom', 3],
  ['Manchester', 'England', 'United Kingdom', 1],
  ['Mexico City', 'CDMX', 'Mexico', 2],
  ['Berlin', 'Berlin', 'Germany', 1],
  ['Sydney', 'New South Wales', 'Australia', 1],
]

export const STAFF = [
  { first: 'Dana', last: 'Whitfield', user: 'dana' },
  { first: 'Marcus', last: 'Reed', user: 'marcus' },
  { first: 'Sofia', last: 'Alvarez', user: 'sofia' },
  { first: 'Kenji', last: 'Watanabe', user: 'kenji' },
  { first: 'Chloe', last: 'Bennett', user: 'chloe' },
  { first: 'Ravi', last: 'Menon', user: 'ravi' },
  { first: 'Lena', last: 'Hoffmann', user: 'lena' },
  { first: 'Tom', last: 'Okoro', user: 'tom' },
]

export const CATEGORIES = [
  { name: 'Orders', description: 'Buying, shipping and delivery' },
  { name: 'Billing', description: 'Payments, invoices and refunds' },
  { name: 'Products', description: 'Gear questions, sizes and care' },
  { name: 'Account', description: 'Sign-in, profile and loyalty' },
]

/** Topics with their category, keywords, how often they come up and how customers open such a chat. */
export const TOPICS: { name: string; category: string; keywords: string[]; weight: number; openers: string[] }[] = [
  {
    name: 'Order status',
    category: 'Orders',
    keywords: ['order', 'tracking', 'status'],
    weight: 24,
    openers: [
      'Hi, where is my order? It has been a week.',
      'Can you tell me the status of order #NW-20431?',
      'My tracking number has not updated since Monday.',
    ],
  },
  {
    name: 'Shipping & delivery',
    category: 'Orders',
    keywords: ['shipping', 'delivery', 'courier'],
    weight: 16,
    openers: [
      'Do you ship to Canada and how long does it take?',
      'The courier left my parcel at the wrong address.',
      'Can I change the delivery date of my order?',
    ],
  },
  {
    name: 'Returns & exchanges',
    category: 'Orders',
    keywords: ['return', 'exchange', 'swap'],
    weight: 14,
    openers: [
      'I would like to return a jacket that does not fit.',
      'How do I exchange boots for a larger size?',
      'Is the return label free?',
    ],
  },
  {
    name: 'Refunds',
    category: 'Billing',
    keywords: ['refund', 'money back'],
    weight: 10,
    openers: ['I returned my tent two weeks ago but have not been refunded yet.', 'When will my refund reach my card?'],
  },
  {
    name: 'Payment issues',
    category: 'Billing',
    keywords: ['payment', 'card', 'declined', 'charged'],
    weight: 8,
    openers: ['My card was declined at checkout but I was charged.', 'I was charged twice for the same order.'],
  },
  {
    name: 'Product sizing',
    category: 'Products',
    keywords: ['size', 'sizing', 'fit'],
    weight: 9,
    openers: ['Does the Ridge hiking boot run small?', 'Which size should I pick for the alpine jacket? I am 5\'10".'],
  },
  {
    name: 'Product care',
    category: 'Products',
    keywords: ['wash', 'care', 'waterproof'],
    weight: 5,
    openers: ['How do I wash a down sleeping bag?', 'Can I re-waterproof my rain shell at home?'],
  },
  {
    name: 'Warranty',
    category: 'Products',
    keywords: ['warranty', 'broken', 'defect'],
    weight: 5,
    openers: ['The zipper of my backpack broke after a month. Is it covered?', 'How does the lifetime warranty work?'],
  },
  {
    name: 'Account & login',
    category: 'Account',
    keywords: ['login', 'password', 'account'],
    weight: 6,
    openers: ['I cannot log in to the app anymore.', 'How do I change the email on my account?'],
  },
  {
    name: 'Loyalty points',
    category: 'Account',
    keywords: ['points', 'loyalty', 'rewards'],
    weight: 3,
    openers: ['My loyalty points from the last order are missing.', 'How do I use my reward points?'],
  },
  {
    name: 'Store events',
    category: 'Products',
    keywords: ['event', 'workshop', 'store'],
    weight: 0.6,
    openers: ['Is the bouldering workshop this Saturday still on?'],
  },
]

/** Customers' openers when the chat has no topic. */
export const GENERAL_OPENERS = [
  'Hello, I have a question.',
  'Hi there, can someone help me?',
  'Good morning! Quick question about your store.',
  'Hey, is anyone available?',
]

export const CLIENT_FOLLOW_UPS = [
  'Thanks, that helps.',
  'The order number is NW-20431.',
  'I ordered it on the 3rd.',
  'Yes, the email is the one on my account.',
  'Could you check again please?',
  'OK, I will wait for the email.',
  'It is the blue one, size M.',
  'Perfect, thank you so much!',
  'Is there anything else you need from me?',
  'Sorry, one more thing: can I also add a second item?',
  'That is great news.',
  'Hmm, that is not what I was told last time.',
]

export const STAFF_FIRST_REPLIES = [
  'Hi! Thanks for reaching out to Northwind. Let me look into that for you.',
  'Hello and thanks for your message. Could you share your order number?',
  'Hi there! Happy to help. One moment while I check.',
  'Thanks for contacting us! I am checking your account now.',
]

export const STAFF_REPLIES = [
  'I can see your order; it left our warehouse yesterday.',
  'I have started the return for you; the label is on its way by email.',
  'Your refund was issued today and should show within 3 to 5 business days.',
  'That model runs true to size; most customers take their usual size.',
  'I have updated the delivery address on the order.',
  'Thanks for waiting. I have escalated this to our warehouse team.',
  'You can reset your password from the sign-in screen; I have also sent you a link.',
  'Is there anything else I can help you with today?',
  'Great, I have added a note to your account.',
  'The warranty covers that; please send us a photo and we will replace it.',
]

export const RATING_COMMENTS = [
  'Still waiting for a real answer.',
  'Took too long.',
  'OK, solved in the end.',
  'Quick and friendly, thank you!',
  'Excellent service, very helpful.',
]

export const VISITOR_PAGES = [
  'https://northwind-demo.example.com/',
  'https://northwind-demo.example.com/orders',
  'https://northwind-demo.example.com/returns',
  'https://northwind-demo.example.com/products/alpine-jacket',
  'https://northwind-demo.example.com/help/shipping',
]

/** Communities after the organization's default one ("<name> Community"). */
export const COMMUNITIES = [
  { name: 'Trail Talk', description: 'Routes, trip reports and gear tips from the Northwind community.' },
  { name: 'Gear Lab', description: 'Early access to new products: tell us what works and what does not.' },
  { name: 'Climbing Crew', description: 'Bouldering, sport and trad climbing.' },
  { name: 'Camp Kitchen', description: 'Stoves, recipes and food on the trail.' },
]

export const ISSUE_TITLES = [
  'Rain shell leaking at the seams after a season',
  'Best boots for a wet spring in the Catskills?',
  'App crashes when I open my order history',
  'Feature request: show stock in nearby stores',
  'Sleeping bag rating feels optimistic',
  'How do you pack a 40 l bag for a week?',
  'Tent poles bent in strong wind',
  'Loyalty points expire too soon',
  'Is the Ridge boot resoleable?',
  'Looking for hiking partners around Denver',
  'Headlamp battery drains overnight',
  'Size chart for the kids range is confusing',
]

export const ISSUE_DESCRIPTIONS = [
  'I have used it about ten times and noticed this last weekend. Has anyone else seen the same?',
  'Would love to hear what has worked for you before I buy anything new.',
  'Happens every time on my phone. I already reinstalled the app.',
  'It would save me a trip to the store when something is out of stock.',
]

export const COMMENTS = [
  'Same here, mine started after a few months.',
  'I had this too. Support replaced it without questions.',
  'Try seam sealer on the inside, it worked for me.',
  'Following, I am curious too.',
  'Great tip, thanks for sharing!',
  'I disagree, mine has been fine for three years.',
  'Which model do you have exactly?',
  'This happened to me on the Appalachian Trail last year.',
  'Count me in for the Saturday hike!',
  'Update: it works after the latest app version.',
]

export const STAFF_COMMENTS = [
  'Thanks for flagging this. Our product team is looking into it.',
  'We have shared this with the warehouse; please message support with your order number.',
  'Good news: this is fixed in the latest version of the app.',
  'That is covered by the warranty. Chat with us and we will sort it out.',
]
