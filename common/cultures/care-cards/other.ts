import type { CareCard } from './schema';

/**
 * Other: custom, experimental, wild and mixed cultures, and the general card for the 'other'
 * type every category ends with. These cultures vary, so the giver's own notes matter most.
 */
const generalStorage = [
  'A clean glass or food-grade plastic jar, covered so it can breathe, labelled with what it is and when it was last fed.',
  'Most cultures keep longer in the fridge between uses; ask the giver whether yours can be dried or frozen.',
];

const generalDiscard = [
  'Fuzzy mold of any colour.',
  'Pink, orange, black or bright green spots, streaks or a pink film.',
  'A foul, rotten or putrid smell, or a slimy texture the culture does not normally have.',
  'Any doubt at all: when in doubt, throw it out.',
];

export const otherCards = [
  {
    subcategory: 'custom',
    title: 'Custom starter',
    summary:
      'A culture the giver has built up or adapted themselves. Their notes are your best guide; this card gives the common ground.',
    eats: 'What it was raised on: ask the giver and keep to it for the first few feeds.',
    feeding: {
      ratio:
        'If in doubt, start with one part culture to two parts food by weight, such as {50 g} of culture to {100 g} of food.',
      schedule:
        'Follow the giver’s schedule. Kept in the fridge, most starters need a feed about once a week.',
    },
    temperatureC: { min: 18, max: 26 },
    temperatureNote: 'Most cultures are comfortable at {18–26 °C}, away from direct sun and heat.',
    storage: generalStorage,
    wake: {
      active: [
        'Feed it what the giver used as soon as it arrives, and watch for activity over a day or two.',
      ],
      dried: [
        'Rehydrate a small amount in lukewarm water, then feed daily until it is active again.',
      ],
      frozen: ['Thaw in the fridge, then feed daily until it is active again.'],
    },
    healthy: {
      looks:
        'Active after a feed (bubbles, rising, thickening or fizz) and an even, expected colour.',
      smells: 'Pleasantly sour, yeasty or fruity.',
    },
    discard: generalDiscard,
    feedWithinDays: 7,
  },
  {
    subcategory: 'experimental',
    title: 'Experimental culture',
    summary:
      'Something new or unusual: a cross of cultures, an unusual food, a culture still being worked out. Go slowly and keep notes.',
    eats: 'What the giver has been feeding it; change one thing at a time if you experiment.',
    feeding: {
      ratio:
        'Start with the giver’s ratio, or one part culture to two parts food by weight, such as {50 g} to {100 g}.',
      schedule: 'Follow the giver’s schedule; write down what you change and what happens.',
    },
    temperatureC: { min: 18, max: 26 },
    temperatureNote: 'Keep it at {18–26 °C} unless the giver says otherwise.',
    storage: [...generalStorage, 'Keep a backup of a working batch before you try anything new.'],
    wake: {
      active: [
        'Feed it as the giver does and give it a few days to settle before changing anything.',
      ],
      dried: ['Rehydrate a small amount in lukewarm water, then feed daily until active.'],
      frozen: ['Thaw in the fridge, then feed daily until active.'],
    },
    healthy: {
      looks: 'Lively after a feed and consistent from batch to batch.',
      smells: 'Clean, sour, yeasty or fruity; never rotten.',
    },
    discard: generalDiscard,
    feedWithinDays: 7,
  },
  {
    subcategory: 'wild',
    title: 'Wild ferment',
    summary:
      'A culture caught from the air, fruit, flowers or grain. It is unique to its kitchen, and needs the most care in its first weeks.',
    eats: 'Usually flour and water, or sugar water with fruit; ask the giver what theirs was caught on.',
    feeding: {
      ratio: 'Commonly equal weights of culture, food and water, such as {50 g} of each.',
      schedule: 'Daily at room temperature; weekly if kept in the fridge once it is stable.',
    },
    temperatureC: { min: 20, max: 26 },
    temperatureNote: 'Steadiest at {20–26 °C}.',
    storage: generalStorage,
    wake: {
      active: ['Feed it on arrival and then daily until it is reliably active again.'],
      dried: ['Rehydrate a small amount in lukewarm water, then feed daily until active.'],
    },
    healthy: {
      looks: 'Bubbly and active within hours of a feed.',
      smells: 'Sour, fruity or yeasty and pleasant.',
    },
    discard: generalDiscard,
    feedWithinDays: 7,
  },
  {
    subcategory: 'mixed',
    title: 'Mixed culture',
    summary:
      'Two or more cultures kept together (for example a sourdough and a kefir blend). The mix can drift, so feed it steadily.',
    eats: 'What its parts eat; the giver’s notes say which and in what balance.',
    feeding: {
      ratio:
        'Keep to the giver’s ratio; if none, one part culture to two parts food by weight, such as {50 g} to {100 g}.',
      schedule: 'Follow the giver’s schedule; in the fridge, about once a week.',
    },
    temperatureC: { min: 18, max: 26 },
    temperatureNote: 'Comfortable at {18–26 °C} unless the giver says otherwise.',
    storage: generalStorage,
    wake: {
      active: ['Feed it on arrival as the giver does, and watch for activity over a day or two.'],
      dried: ['Rehydrate a small amount in lukewarm water, then feed daily until active.'],
      frozen: ['Thaw in the fridge, then feed daily until active.'],
    },
    healthy: {
      looks: 'Active after a feed with a consistent look from batch to batch.',
      smells: 'Pleasantly sour, yeasty or fruity.',
    },
    discard: generalDiscard,
    feedWithinDays: 7,
  },
  {
    subcategory: 'other',
    title: 'General culture care',
    summary:
      'Care that holds for almost any fermentation starter. Read the giver’s notes below: they know this culture best.',
    eats: 'What it was raised on. Ask the giver, and keep to the same food at first.',
    feeding: {
      ratio:
        'When you have nothing better, one part culture to two parts food by weight, such as {50 g} of culture to {100 g} of food.',
      schedule:
        'At room temperature most active cultures want food every day or two; in the fridge, about once a week.',
    },
    temperatureC: { min: 18, max: 26 },
    temperatureNote:
      'Most cultures are happy at {18–26 °C}; heat above {30 °C} and direct sun stress them.',
    storage: generalStorage,
    wake: {
      active: [
        'Feed it soon after it arrives, and give it a few feeds to settle into your kitchen.',
      ],
      dried: ['Rehydrate a small amount in lukewarm water, then feed daily until it is active.'],
      frozen: ['Thaw in the fridge, never on a radiator, then feed daily until it is active.'],
      spores: ['Keep spores dry, sealed and cool until use, and follow the giver’s dose.'],
    },
    healthy: {
      looks: 'Active after a feed (bubbles, rise, thickening or fizz) and the colour it should be.',
      smells: 'Sour, tangy, yeasty or fruity, and pleasant.',
    },
    discard: generalDiscard,
    feedWithinDays: 7,
  },
] satisfies CareCard[];
