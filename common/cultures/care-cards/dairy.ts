import type { CareCard } from './schema';

/** Dairy Ferments. Quantities in braces are metric; the page can show them in imperial. */
export const dairyCards = [
  {
    subcategory: 'kefir',
    title: 'Milk kefir grains',
    summary:
      'Rubbery little florets of yeast and bacteria that turn a jar of milk into tangy, lightly fizzy kefir in about a day.',
    eats: 'Fresh animal milk: cow, goat or sheep, whole or semi-skimmed. Long-life (UHT) milk works; grains slowly weaken on plant milks, so give them a dairy feed every week or two if you experiment.',
    feeding: {
      ratio:
        'About {15 g} of grains (a heaped tablespoon) to {250 ml} of milk. As the grains grow, add milk or take some grains out.',
      schedule:
        'Strain and start a fresh jar every 24 hours at room temperature; every 48 hours is fine when it is cool. Resting in the fridge, change the milk once a week.',
    },
    temperatureC: { min: 18, max: 26 },
    temperatureNote:
      'Happiest at {18–26 °C}. Above {28 °C} it sours fast and can separate into curds and whey; below {15 °C} it slows right down.',
    storage: [
      'Short break: grains in fresh milk in a closed jar in the fridge, up to a week, then a fresh jar.',
      'Longer break: rinse in cool unchlorinated water, pat dry, and dry them at room temperature or freeze them in a little milk powder.',
      'Use glass or food-grade plastic and a plastic or wooden strainer; avoid long contact with reactive metal.',
    ],
    wake: {
      active: [
        'Strain off the travel milk and drop the grains into {250 ml} of fresh milk.',
        'The first one or two batches may be thin or taste odd: strain and repeat every day until it thickens within a day.',
      ],
      dried: [
        'Soak the grains in {250 ml} of milk at room temperature and change it every day.',
        'Expect a week or so of thin, cheesy-smelling milk before they thicken it again; do not drink those first batches.',
      ],
      frozen: [
        'Thaw in the fridge overnight, rinse, then treat them like dried grains: fresh milk every day until they work in a day.',
      ],
    },
    healthy: {
      looks:
        'White to creamy, springy, cauliflower-like clusters; the kefir thickens like pouring yogurt.',
      smells: 'Fresh, sour and a little yeasty, like drinking yogurt with a hint of bread.',
    },
    discard: [
      'Fuzzy mold of any colour on the grains or the surface.',
      'Pink, orange or black patches or a pink film on the milk.',
      'A foul, rotten or putrid smell that does not go after two fresh feeds.',
      'Grains that turn slimy and dissolve instead of growing.',
    ],
    feedWithinDays: 7,
  },
  {
    subcategory: 'yogurt',
    title: 'Yogurt starter',
    summary:
      'A spoonful of live yogurt from the last batch sets the next one. Heirloom strains keep going for years if you make a batch every week.',
    eats: 'Milk heated and cooled again. Some heirloom strains (mesophilic, like viili or matsoni) set at room temperature; most (thermophilic) need warmth.',
    feeding: {
      ratio: 'One tablespoon, about {15 g}, of the last batch per {500 ml} of milk.',
      schedule:
        'Make a new batch at least once a week, always from the freshest jar, so the strain stays strong.',
    },
    temperatureC: { min: 38, max: 45 },
    temperatureNote:
      'Warm strains set in 6 to 12 hours at {38–45 °C} (an oven with the light on, a cool box with a hot-water bottle). Room-temperature strains set at {20–25 °C}; the giver’s notes say which you have.',
    storage: [
      'Keep the starter jar covered in the fridge and take your spoonful with a clean spoon.',
      'For a longer break, freeze a few tablespoons in a small clean jar, or dry a thin layer on baking paper at room temperature.',
    ],
    wake: {
      active: [
        'Heat milk to {85 °C}, cool it to {43 °C}, stir in the starter, keep it warm and still until set.',
        'The first batch after travel can be softer; the second should set firmly.',
      ],
      dried: [
        'Crumble the flakes into {250 ml} of prepared milk and keep it warm; it may take up to a day to set.',
        'Use that batch to start the next one before judging it.',
      ],
      frozen: [
        'Thaw in the fridge, then use as you would fresh starter, a little more generously.',
      ],
    },
    healthy: {
      looks: 'Smooth, glossy and set; a little clear whey on top is normal.',
      smells: 'Clean and mildly sour, like good plain yogurt.',
    },
    discard: [
      'Mold of any colour on the surface or the rim of the jar.',
      'Pink, orange or dark spots, or a pink film.',
      'A foul, bitter or rotten smell, or a slimy, stringy set your strain does not normally have.',
    ],
    feedWithinDays: 7,
  },
  {
    subcategory: 'buttermilk',
    title: 'Buttermilk culture',
    summary:
      'A room-temperature culture that thickens milk into cultured buttermilk for baking, drinking and butter making.',
    eats: 'Fresh milk, preferably pasteurised and not ultra-pasteurised.',
    feeding: {
      ratio: 'About {60 ml} of the last batch per {1000 ml} of milk.',
      schedule:
        'Culture a new jar every 5 to 7 days; it sets in 12 to 24 hours at room temperature, then goes in the fridge.',
    },
    temperatureC: { min: 20, max: 26 },
    temperatureNote: 'Sets best at {20–26 °C}. Warmer than {30 °C} it turns grainy and sharp.',
    storage: [
      'Covered in the fridge; use a clean spoon or pour from the jar.',
      'For a break, freeze small portions in an ice-cube tray and keep the cubes in a bag.',
    ],
    wake: {
      active: [
        'Stir it into fresh milk at room temperature and leave it loosely covered until thick.',
      ],
      dried: [
        'Sprinkle the powder into {1000 ml} of milk, stir, and leave it at room temperature for up to a day.',
        'Use that batch to start the next; the second is the true test.',
      ],
      frozen: ['Drop a thawed cube into {250 ml} of milk and let it set before scaling up.'],
    },
    healthy: {
      looks: 'Thick and pourable, like single cream, smooth or slightly lumpy.',
      smells: 'Fresh, buttery and gently sour.',
    },
    discard: [
      'Mold of any colour on the surface.',
      'Pink, orange or black spots, or a pink film.',
      'A foul, rotten or strongly cheesy smell.',
    ],
    feedWithinDays: 7,
  },
  {
    subcategory: 'cheese',
    title: 'Cheese cultures',
    summary:
      'Starter bacteria (and sometimes molds) for cheese making: usually a freeze-dried powder, sometimes a live mother culture kept going in milk.',
    eats: 'A live mother culture eats milk; a powder needs nothing until you use it.',
    feeding: {
      ratio: 'Mother culture: about {15 ml} of the last batch per {500 ml} of milk.',
      schedule:
        'Re-culture a mother culture every 5 to 7 days. Powders are used straight from the packet.',
    },
    temperatureC: { min: 20, max: 32 },
    temperatureNote:
      'Mesophilic cultures work at {20–32 °C}; thermophilic ones need more, up to {45 °C}. The giver’s notes say which this is.',
    storage: [
      'Powder: sealed, in the freezer, away from moisture; it keeps for many months.',
      'Mother culture: covered in the fridge, or frozen in small portions.',
    ],
    wake: {
      active: [
        'Culture fresh milk with it at the right warmth and let it set before using it in cheese.',
      ],
      dried: [
        'Use straight from the packet at the dose your recipe gives, sprinkled on warm milk and left to rehydrate for a few minutes before stirring.',
      ],
      frozen: ['Thaw in the fridge and use at once; do not refreeze what you thawed.'],
    },
    healthy: {
      looks: 'Powder: dry and free-flowing. Mother culture: smooth and set like thin yogurt.',
      smells: 'Clean, milky and lightly sour.',
    },
    discard: [
      'Mold you did not ask for, of any colour, on a mother culture.',
      'Pink, orange or black spots, or a pink film.',
      'A foul or rotten smell, or powder that has got damp and clumped.',
    ],
    feedWithinDays: 7,
  },
] satisfies CareCard[];
