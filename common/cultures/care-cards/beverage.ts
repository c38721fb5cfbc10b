import type { CareCard } from './schema';

/** Tea & Beverages. Quantities in braces are metric; the page can show them in imperial. */
export const beverageCards = [
  {
    subcategory: 'scoby',
    title: 'Kombucha SCOBY',
    summary:
      'A rubbery disc (the pellicle) and, more importantly, the sour starter liquid it comes in. Together they turn sweet tea into kombucha.',
    eats: 'Sweetened black or green tea: plain tea without oils or flavourings, and ordinary white sugar.',
    feeding: {
      ratio:
        'Per {1000 ml} of cooled tea: about {70 g} of sugar and {200 ml} of starter liquid from the last batch, plus the SCOBY.',
      schedule:
        'A batch takes 7 to 14 days at room temperature. In a SCOBY hotel, top up with fresh sweet tea every 4 weeks.',
    },
    temperatureC: { min: 21, max: 29 },
    temperatureNote:
      'Brews best at {21–29 °C}. Below {18 °C} it is slow and more exposed to mold; keep it out of direct sun.',
    storage: [
      'A SCOBY hotel: a glass jar of strong starter liquid with the SCOBYs in it, covered with a cloth, at room temperature.',
      'Not in the fridge: cold makes it sluggish and prone to mold when it warms again.',
    ],
    wake: {
      active: [
        'Put the SCOBY and all its liquid into fresh, cooled sweet tea; the tea must be at room temperature, never hot.',
        'A new thin layer forming on top within a week means it is working. Always keep some starter liquid back.',
      ],
      dried: [
        'Dried pellicles rarely come back. Put it in {250 ml} of sweet tea with {50 ml} of unpasteurised plain kombucha or vinegar and give it 2 to 3 weeks; if nothing forms, ask the giver for liquid starter.',
      ],
    },
    healthy: {
      looks:
        'Off-white to tan, smooth or lumpy, often with brown stringy yeast hanging below; a new layer grows on the surface each batch.',
      smells: 'Like mild cider vinegar, fruity and sour.',
    },
    discard: [
      'Dry, raised, fuzzy spots of white, green, blue or black mold on the top: throw away the SCOBY and the liquid.',
      'Pink or orange fuzz (brown threads and bubbles are normal yeast).',
      'A foul, rotten or cheesy smell, or no sourness at all after two weeks.',
    ],
    feedWithinDays: 30,
  },
  {
    subcategory: 'waterKefir',
    title: 'Water kefir grains',
    summary:
      'Clear, crystal-like grains that ferment sugar water into a light, fizzy drink in a day or two. Dairy-free.',
    eats: 'Sugar water with minerals: ordinary or raw cane sugar, and a little dried fruit or a pinch of mineral-rich sugar now and then.',
    feeding: {
      ratio: 'About {60 g} of grains and {30 g} of sugar per {500 ml} of unchlorinated water.',
      schedule:
        'Strain and start a fresh jar every 24 to 48 hours. Resting in the fridge in sugar water, change it every 1 to 2 weeks.',
    },
    temperatureC: { min: 20, max: 28 },
    temperatureNote:
      'Works at {20–28 °C}; hotter than {30 °C} the grains can turn soft and the drink syrupy.',
    storage: [
      'In sugar water in the fridge for up to two weeks.',
      'For longer, rinse, pat dry and dry them at room temperature for a few days, then keep them sealed.',
      'Use glass or food-grade plastic; no long contact with metal.',
    ],
    wake: {
      active: [
        'Rinse in unchlorinated water and put them straight into fresh sugar water.',
        'The first batches may be flat; they find their fizz again within a few days.',
      ],
      dried: [
        'Soak in fresh sugar water, changing it every 2 days, for about a week until they plump up and bubbles rise.',
      ],
      frozen: ['Thaw in the fridge, rinse and treat them like dried grains.'],
    },
    healthy: {
      looks:
        'Translucent, white to brownish crystals that are firm and grow; small bubbles rise in the jar.',
      smells: 'Sweet-sour, a little yeasty and fruity.',
    },
    discard: [
      'Fuzzy mold of any colour on the grains or the surface.',
      'Pink or orange slime or film.',
      'A foul, rotten or sulphurous smell that stays after a rinse and two fresh feeds.',
      'Grains that turn to mush.',
    ],
    feedWithinDays: 14,
  },
  {
    subcategory: 'gingerBug',
    title: 'Ginger bug',
    summary:
      'Grated ginger, sugar and water left to catch wild yeast: the starter for homemade ginger beer and fizzy sodas.',
    eats: 'Fresh ginger (unpeeled and organic if you can: the yeast lives on the skin) and sugar.',
    feeding: {
      ratio: 'Each feed: about {5 g} of grated ginger and {5 g} of sugar into the jar.',
      schedule:
        'Feed daily at room temperature. Kept in the fridge, feed once a week and give it a day out before use.',
    },
    temperatureC: { min: 20, max: 28 },
    temperatureNote: 'Fizzes fastest at {20–28 °C}.',
    storage: [
      'A jar with a cloth or loose lid on the counter while you use it; the fridge between brews.',
      'Top up with a little water if it gets thick and syrupy.',
    ],
    wake: {
      active: [
        'Give it a feed as soon as it arrives and leave it loosely covered; fizz within a day or two means it is ready.',
      ],
    },
    healthy: {
      looks: 'Cloudy, with bubbles rising and a fizz when stirred; ginger settles on the bottom.',
      smells: 'Sharp, gingery and slightly yeasty, like a weak ginger ale.',
    },
    discard: [
      'Fuzzy mold of any colour on the ginger or the surface.',
      'Pink, orange or black film or spots.',
      'A foul or rotten smell.',
    ],
    feedWithinDays: 7,
  },
] satisfies CareCard[];
