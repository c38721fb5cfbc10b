import type { CareCard } from './schema';

/** Grain Ferments. Quantities in braces are metric; the page can show them in imperial. */
export const grainCards = [
  {
    subcategory: 'sourdough',
    title: 'Sourdough starter',
    summary:
      'Flour and water full of wild yeast and lactic bacteria. It raises bread without any bought yeast, and it only asks to be fed.',
    eats: 'Flour and water. Wholemeal wheat or rye make it lively; white flour makes it milder. Unchlorinated water is kindest (leave tap water out for an hour if it smells of chlorine).',
    feeding: {
      ratio:
        'Keep {50 g} of starter, add {50 g} of flour and {50 ml} of water, stir well; discard or bake with the rest.',
      schedule:
        'At room temperature feed every 12 to 24 hours. Kept in the fridge, feed once a week and let it stand out for an hour or two after.',
    },
    temperatureC: { min: 21, max: 27 },
    temperatureNote:
      'Rises fastest at {21–27 °C}; at {18 °C} it is slower but tastier. Keep it off radiators and out of the sun.',
    storage: [
      'A clean jar with a loose lid, half full at most, in a spot away from drafts; or the fridge between bakes.',
      'For a long break, spread a thin layer on baking paper, let it dry completely, crumble and store it in an airtight jar.',
    ],
    wake: {
      active: [
        'Feed it as soon as it arrives, then twice a day for a day or two until it doubles within 4 to 8 hours.',
        'Grey liquid on top (hooch) means hungry, not ill: pour it off or stir it in, then feed.',
      ],
      dried: [
        'Mix {10 g} of flakes with {20 ml} of lukewarm water and let them soften for an hour, then add {20 g} of flour.',
        'Feed equal weights of flour and water every 12 to 24 hours; expect bubbles in 2 to 5 days.',
      ],
      frozen: [
        'Thaw in the fridge, then feed equal weights of flour and water every 12 hours until it doubles again.',
      ],
    },
    healthy: {
      looks:
        'Bubbly, thick like pancake batter, domed and rising after a feed; creamy beige or grey for rye.',
      smells:
        'Tangy and yeasty, like yogurt, beer or green apples. A hungry one smells of nail-polish remover, which goes after a feed.',
    },
    discard: [
      'Fuzzy mold of any colour on the surface or the inside of the jar.',
      'Pink, orange or red streaks or a pink film: do not scrape it off, throw it all away.',
      'A foul, rotten or putrid smell that stays after two feeds.',
    ],
    feedWithinDays: 7,
  },
  {
    subcategory: 'injera',
    title: 'Injera starter (ersho)',
    summary:
      'The clear, sour liquid saved from the last batch of teff batter. It starts the next batter and gives injera its tang and eyes.',
    eats: 'Teff flour and water; some households mix in a little wheat or barley flour.',
    feeding: {
      ratio: 'About {60 ml} of ersho per {250 g} of teff flour and {375 ml} of water.',
      schedule:
        'Starts a batter that ferments 2 to 3 days at room temperature. Kept in the fridge, refresh it with a spoon of teff and water once a week.',
    },
    temperatureC: { min: 20, max: 28 },
    temperatureNote: 'Ferments well at {20–28 °C}; cooler kitchens simply take an extra day.',
    storage: [
      'In a closed jar in the fridge between batches.',
      'For a long break, freeze it in a small tub; leave head room.',
    ],
    wake: {
      active: [
        'Stir it into a fresh teff batter and cover loosely; bubbles and a sour smell within a day or two mean it is working.',
      ],
      dried: [
        'Stir the dried batter into {100 ml} of water with {50 g} of teff flour, leave it covered at room temperature, and feed it the same again each day until it bubbles.',
      ],
      frozen: ['Thaw in the fridge and use it to start a batter as usual.'],
    },
    healthy: {
      looks: 'A yellowish liquid over a settled batter, with small bubbles after a feed.',
      smells: 'Pleasantly sour, like yogurt or a mild vinegar.',
    },
    discard: [
      'Fuzzy mold of any colour (a thin, flat pale skin that stirs in is a yeast bloom; fuzz is not).',
      'Pink, orange or black patches or a pink film.',
      'A foul, rotten or sewage-like smell.',
    ],
    feedWithinDays: 7,
  },
  {
    subcategory: 'idli',
    title: 'Idli starter',
    summary:
      'A spoonful of fermented rice and urad dal batter that gets the next batter going faster and more evenly, especially in cool kitchens.',
    eats: 'Soaked and ground rice with urad dal, and a pinch of salt.',
    feeding: {
      ratio: 'About {30 g} of old batter per {500 g} of fresh batter.',
      schedule:
        'Ferments 8 to 14 hours in the warmth. Kept in the fridge, use it or refresh it with fresh batter within 5 days.',
    },
    temperatureC: { min: 26, max: 32 },
    temperatureNote:
      'Rises best at {26–32 °C}. In a cool kitchen, use an oven with only the light on.',
    storage: [
      'Covered in the fridge, in a clean jar, for up to 5 days.',
      'Frozen in small portions for longer.',
    ],
    wake: {
      active: [
        'Stir into freshly ground batter, cover and keep warm until it has risen and smells sour.',
      ],
      frozen: [
        'Thaw in the fridge, stir into fresh batter and give the first batch extra time to rise.',
      ],
    },
    healthy: {
      looks: 'Airy, risen and a little domed, off-white.',
      smells: 'Pleasantly sour and slightly yeasty.',
    },
    discard: [
      'Mold of any colour, on the batter or the rim.',
      'Pink, orange or black spots, or a pink film.',
      'A foul, rotten or very sharp sour smell, or a slimy surface.',
    ],
    feedWithinDays: 5,
  },
  {
    subcategory: 'dosa',
    title: 'Dosa starter',
    summary:
      'Fermented dosa batter saved to seed the next batch, for crisp, golden, gently sour dosas.',
    eats: 'Soaked and ground rice with urad dal (and often a few fenugreek seeds), with a pinch of salt.',
    feeding: {
      ratio: 'About {30 g} of old batter per {500 g} of fresh batter.',
      schedule:
        'Ferments 8 to 12 hours in the warmth. Kept in the fridge, use it or refresh it with fresh batter within 5 days.',
    },
    temperatureC: { min: 26, max: 32 },
    temperatureNote: 'Ferments best at {26–32 °C}; in the cold it may need a whole day.',
    storage: ['Covered in the fridge for up to 5 days.', 'Frozen in small portions for longer.'],
    wake: {
      active: ['Stir into fresh batter, cover and keep warm until it is bubbly and smells sour.'],
      frozen: ['Thaw in the fridge and stir into fresh batter; allow the first batch extra time.'],
    },
    healthy: {
      looks: 'Bubbly, pourable and light.',
      smells: 'Tangy and pleasant.',
    },
    discard: [
      'Mold of any colour.',
      'Pink, orange or black spots, or a pink film.',
      'A foul or rotten smell, or a slimy texture.',
    ],
    feedWithinDays: 5,
  },
] satisfies CareCard[];
