import type { CareCard } from './schema';

/** Legume & Soy. Quantities in braces are metric; the page can show them in imperial. */
export const legumeCards = [
  {
    subcategory: 'miso',
    title: 'Miso spores (koji)',
    summary:
      'Spores of the koji mold, Aspergillus oryzae, grown on steamed rice or barley to make the koji that ferments miso.',
    eats: 'Steamed rice or barley as koji; the koji then works on cooked soybeans and salt for months.',
    feeding: {
      ratio:
        'About {1 g} of spores per {1000 g} of steamed rice or barley (the packet may say otherwise).',
      schedule:
        'Spores keep without feeding. Fresh koji grows in about 48 hours and should be used, dried or frozen within a week.',
    },
    temperatureC: { min: 28, max: 35 },
    temperatureNote:
      'Koji grows at {28–35 °C} with high humidity. Stir it when it warms itself past {38 °C}, or it spoils.',
    storage: [
      'Spores: sealed, dry and dark; in the fridge they keep for a year or more.',
      'Fresh koji: in the fridge for a few days, or frozen.',
    ],
    wake: {
      spores: [
        'Steam rice or barley until tender but not mushy and cool it to {35 °C}.',
        'Dust the spores evenly over it, mix, cover with a damp cloth and keep it warm and humid for about 48 hours, stirring twice a day.',
      ],
      active: [
        'Fresh koji needs nothing: mix it with your cooked beans and salt the day it arrives, or keep it in the fridge for a few days.',
      ],
      dried: ['Dried koji is used as it is, mixed straight into beans and salt.'],
      frozen: ['Thaw in the fridge and use it at once.'],
    },
    healthy: {
      looks:
        'Koji: rice covered in white, fluffy, fragrant mold; a little yellow-green at the edges where it starts to spore is normal.',
      smells: 'Sweet, like chestnuts, mushrooms or ripe melon.',
    },
    discard: [
      'Black, blue, pink or orange mold, or dark green fuzz anywhere except a few sporing edges.',
      'A pink or orange film or slime.',
      'A foul, ammonia or rotten smell, or wet, sticky, slimy grains.',
      'Spores that got damp and clumped in storage.',
    ],
    feedWithinDays: 7,
  },
  {
    subcategory: 'tempeh',
    title: 'Tempeh spores',
    summary:
      'Rhizopus spores that knit cooked soybeans (or other beans and grains) into a firm, white tempeh cake in a day or two.',
    eats: 'Dehulled, cooked and dried soybeans or other legumes, soured with a splash of vinegar.',
    feeding: {
      ratio: 'About {1 g} of spores per {500 g} of cooked beans.',
      schedule:
        'Spores keep without feeding. A fresh tempeh cake kept as starter should be used or dried within 5 days.',
    },
    temperatureC: { min: 29, max: 32 },
    temperatureNote:
      'Grows at {29–32 °C}. Once it gets going it makes its own heat; keep it below {35 °C}.',
    storage: [
      'Spores: sealed and dry, in the fridge or freezer; they keep for a year or more.',
      'A fresh tempeh cake: wrapped in the fridge for a few days.',
    ],
    wake: {
      spores: [
        'Cook and dry the beans, add a splash of vinegar, cool them to body warmth and mix in the spores well.',
        'Pack them a finger deep into perforated bags or boxes and keep them warm for 24 to 36 hours, until white mycelium binds them.',
      ],
      active: [
        'Use a crumbled piece of fresh tempeh as you would spores, about {30 g} per {500 g} of beans, within a few days.',
      ],
      dried: ['Grind dried tempeh to a powder and use it like spores, a little more generously.'],
    },
    healthy: {
      looks:
        'Firm, white cake with the beans bound tightly; a few grey or black sporing patches near air holes are normal.',
      smells: 'Earthy and mushroom-like, a little nutty.',
    },
    discard: [
      'Yellow, green, blue, pink or orange mold, or any fuzz that is not white or sporing grey-black.',
      'A slimy, wet cake or a pink film.',
      'A foul, sour-rotten or strong ammonia smell.',
    ],
    feedWithinDays: 5,
  },
  {
    subcategory: 'soySauce',
    title: 'Soy sauce spores (koji)',
    summary:
      'Koji spores chosen for soy sauce, grown on a mix of soybeans and roasted wheat before a long brine ferment.',
    eats: 'Steamed soybeans mixed with roasted, cracked wheat; later a strong salt brine.',
    feeding: {
      ratio: 'About {1 g} of spores per {1000 g} of the bean and wheat mix.',
      schedule:
        'Spores keep without feeding. The koji grows in 2 to 3 days, then goes into brine for many months.',
    },
    temperatureC: { min: 28, max: 35 },
    temperatureNote: 'Koji grows at {28–35 °C} with high humidity; do not let it pass {40 °C}.',
    storage: [
      'Spores: sealed, dry and dark in the fridge.',
      'Fresh koji: into brine the day it is ready.',
    ],
    wake: {
      spores: [
        'Mix steamed soybeans with roasted cracked wheat, cool to {35 °C}, dust with spores and keep warm and humid.',
        'Stir it twice a day; it is ready when it is covered in yellow-green mold, after 2 to 3 days.',
      ],
      active: ['Fresh koji goes straight into a salt brine when it arrives.'],
    },
    healthy: {
      looks: 'Koji evenly covered in white turning yellow-green mold.',
      smells: 'Sweet and nutty; the brine later smells deep and savoury.',
    },
    discard: [
      'Black, pink or orange mold, or any colour that is not white to yellow-green.',
      'A pink or orange film or slime.',
      'A foul, rotten or ammonia smell, or a wet, sticky mass.',
    ],
    feedWithinDays: 7,
  },
  {
    subcategory: 'bacterial',
    title: 'Bacterial starters',
    summary:
      'Bacterial cultures for legume ferments, such as natto (Bacillus subtilis) or lactic starters for fermented beans and sauces.',
    eats: 'Cooked beans for natto; for lactic starters, whatever the ferment is made of, plus salt.',
    feeding: {
      ratio:
        'Natto: about {1 g} of starter or {10 g} of the last batch per {500 g} of hot steamed soybeans.',
      schedule:
        'Powders keep without feeding. A batch kept as starter should be used to start the next within a week.',
    },
    temperatureC: { min: 38, max: 42 },
    temperatureNote:
      'Natto ferments at {38–42 °C} for about 24 hours. Lactic starters prefer room temperature, {18–24 °C}.',
    storage: [
      'Powders: sealed, dry, in the fridge or freezer.',
      'Natto kept as starter: in the fridge for a week, or frozen in small portions.',
    ],
    wake: {
      dried: [
        'Sprinkle the powder over freshly steamed, still hot beans as the giver’s notes say, mix and keep warm.',
      ],
      active: [
        'Stir a spoonful of the last batch into the next, and keep it at its working warmth.',
      ],
      frozen: ['Thaw in the fridge and use it as fresh starter, a little more generously.'],
      spores: ['Natto spores are used like the powder: dust over hot beans, mix, keep warm.'],
    },
    healthy: {
      looks: 'Natto: beans coated with a white film and long sticky strings.',
      smells: 'Natto: strong, earthy, a little like ripe cheese. Lactic: clean and sour.',
    },
    discard: [
      'Fuzzy mold of any colour.',
      'Pink, orange or black spots or film.',
      'A foul, rotten or strong ammonia smell (natto smells strong, never putrid).',
    ],
    feedWithinDays: 7,
  },
] satisfies CareCard[];
