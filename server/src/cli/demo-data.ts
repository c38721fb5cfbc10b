/** The believable community `npm run demo` creates. Emails end in @cultureshare.test. */
import type { CultureForm } from '../../../common/cultures/cultures';

export const DEMO_PASSWORD = 'cultureshare-demo';
export const DEMO_MODERATOR_EMAIL = 'moderator@cultureshare.test';

export interface DemoMember {
  key: string;
  firstName: string;
  lastName: string;
  username: string;
  location: string;
  contactInfo?: string;
  isModerator?: boolean;
}

export const demoMembers: DemoMember[] = [
  {
    key: 'moderator',
    firstName: 'Rowan',
    lastName: 'Hale',
    username: 'rowan_mod',
    location: 'Portland, Oregon',
    isModerator: true,
  },
  {
    key: 'maya',
    firstName: 'Maya',
    lastName: 'Okafor',
    username: 'kefir_maya',
    location: 'Portland, Oregon',
    contactInfo: 'Message me here first',
  },
  {
    key: 'tom',
    firstName: 'Tom',
    lastName: 'Lindqvist',
    username: 'sourdough_tom',
    location: 'Seattle, Washington',
  },
  {
    key: 'priya',
    firstName: 'Priya',
    lastName: 'Raman',
    username: 'idli_priya',
    location: 'Austin, Texas',
  },
  {
    key: 'ana',
    firstName: 'Ana',
    lastName: 'Souza',
    username: 'scoby_ana',
    location: 'Denver, Colorado',
  },
  {
    key: 'kenji',
    firstName: 'Kenji',
    lastName: 'Watanabe',
    username: 'koji_kenji',
    location: 'San Francisco, California',
  },
  {
    key: 'hanna',
    firstName: 'Hanna',
    lastName: 'Bekele',
    username: 'injera_hanna',
    location: 'Minneapolis, Minnesota',
  },
  {
    key: 'leo',
    firstName: 'Leo',
    lastName: 'Marchetti',
    username: 'cheese_leo',
    location: 'Madison, Wisconsin',
  },
  {
    key: 'grace',
    firstName: 'Grace',
    lastName: 'Kim',
    username: 'gingerbug_grace',
    location: 'Asheville, North Carolina',
  },
  {
    key: 'sam',
    firstName: 'Sam',
    lastName: 'Adeyemi',
    username: 'tempeh_sam',
    location: 'Toronto, Ontario',
  },
  {
    key: 'ellie',
    firstName: 'Ellie',
    lastName: 'Fraser',
    username: 'ellie_ferments',
    location: 'Bristol, United Kingdom',
  },
  {
    key: 'noah',
    firstName: 'Noah',
    lastName: 'Brennan',
    username: 'wildyeast_noah',
    location: 'Boulder, Colorado',
  },
  {
    key: 'lucia',
    firstName: 'Lucía',
    lastName: 'Herrera',
    username: 'lucia_cultiva',
    location: 'Melbourne, Victoria',
  },
  {
    key: 'omar',
    firstName: 'Omar',
    lastName: 'Haddad',
    username: 'omar_miso',
    location: 'Chicago, Illinois',
  },
];

export interface DemoStarter {
  owner: string;
  title: string;
  category: string;
  subcategory: string;
  starterType: string;
  description: string;
  customDescription?: string;
  /** Days before now it was posted. */
  ageDays: number;
  claimed?: boolean;
  /** Hue of the generated photo; no photo when undefined. */
  hue?: number;
  /** The living culture: its form (active when left out), feeding, notes, story and parent. */
  culture?: {
    form?: CultureForm;
    fedDaysAgo?: number;
    careNotes?: string;
    originStory?: string;
    bornYear?: number;
    /** Title of an earlier demo starter its owner received from that starter's owner. */
    parent?: string;
  };
}

export const demoStarters: DemoStarter[] = [
  // Dairy
  {
    owner: 'maya',
    title: 'Milk kefir grains, fed daily',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
    description:
      'Plump, active grains from a line I have kept for six years. They turn a litre of whole milk in about 24 hours. I will send a tablespoon in a little fresh milk.',
    ageDays: 1,
    hue: 45,
  },
  {
    owner: 'maya',
    title: 'Extra kefir grains – goat milk adapted',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
    description:
      'These grains have lived on goat milk for a year. Slightly tangier kefir. Bring a small clean jar and I will fill it.',
    ageDays: 9,
    claimed: true,
    hue: 50,
  },
  {
    owner: 'leo',
    title: 'Bulgarian yogurt starter',
    category: 'dairy',
    subcategory: 'yogurt',
    starterType: 'Yogurt starter cultures',
    description:
      'Heirloom Bulgarian yogurt culture, re-cultured weekly at 43°C. Thick, mild and very reliable. Comes as two spoonfuls of fresh yogurt.',
    ageDays: 3,
    hue: 30,
  },
  {
    owner: 'lucia',
    title: 'Viili (room-temperature yogurt)',
    category: 'dairy',
    subcategory: 'yogurt',
    starterType: 'Viili culture',
    description:
      'A Finnish mesophilic yogurt that sets on the counter, no yogurt maker needed. Ropey texture, mild flavour. Great for beginners.',
    customDescription:
      'Keep it away from other cultures while it sets so they do not cross-contaminate.',
    ageDays: 14,
    hue: 20,
  },
  {
    owner: 'leo',
    title: 'Cultured buttermilk starter',
    category: 'dairy',
    subcategory: 'buttermilk',
    starterType: 'Buttermilk cultures',
    description:
      'Mesophilic buttermilk culture, perfect for pancakes and scones. I re-culture it every week; you get half a cup.',
    ageDays: 6,
    hue: 55,
  },
  {
    owner: 'ellie',
    title: 'Buttermilk for biscuits',
    category: 'dairy',
    subcategory: 'buttermilk',
    starterType: 'Buttermilk cultures',
    description:
      'Thick, tangy buttermilk from a starter passed down by a neighbour. Feed with fresh milk and leave on the counter overnight.',
    ageDays: 21,
    hue: 60,
  },
  {
    owner: 'leo',
    title: 'Mesophilic cheese culture (frozen cubes)',
    category: 'dairy',
    subcategory: 'cheese',
    starterType: 'Cheese cultures',
    description:
      'Mother culture frozen in ice-cube portions – one cube sets four litres of milk for cheddar or gouda. Bring a cool bag.',
    ageDays: 2,
    hue: 40,
    culture: { form: 'frozen' },
  },
  {
    owner: 'omar',
    title: 'Labneh culture',
    category: 'dairy',
    subcategory: 'other',
    starterType: 'Labneh starter',
    description:
      'The culture I use for labneh and strained yogurt. Very forgiving. Comes with my salt-and-za’atar tips.',
    ageDays: 30,
    hue: 35,
  },
  {
    owner: 'maya',
    title: 'Kefir grains for a beginner',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
    description:
      'Small batch of grains ideal if you want to try kefir for the first time. I will include a printed care sheet.',
    ageDays: 40,
    hue: 48,
  },
  {
    owner: 'grace',
    title: 'Crème fraîche culture',
    category: 'dairy',
    subcategory: 'other',
    starterType: 'Crème fraîche',
    description:
      'A spoon of my crème fraîche stirs into cream to make a new batch overnight. Lovely on fruit.',
    ageDays: 5,
    hue: 42,
  },
  // Grain
  {
    owner: 'tom',
    title: '100-year-old sourdough starter',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    description:
      'My great-grandmother’s starter, fed twice a day with rye and white flour. Doubles in four hours. You get 50 g in a jar.',
    ageDays: 0,
    hue: 32,
    culture: {
      fedDaysAgo: 0,
      careNotes:
        'I feed it 50 g of white flour, a spoon of rye and 50 ml of water at breakfast and supper. It likes the top of the fridge.',
      originStory:
        'My great-grandmother started it in a farmhouse kitchen outside Spokane and it has moved house with the family ever since.',
      bornYear: 1925,
    },
  },
  {
    owner: 'tom',
    title: 'Dried sourdough flakes (posts well)',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    description:
      'Dehydrated flakes of my active starter. Wake them with equal flour and water for three days. Good for people who travel.',
    customDescription: 'Dehydrated – not active until revived.',
    ageDays: 12,
    hue: 36,
    culture: { form: 'dried' },
  },
  {
    owner: 'noah',
    title: 'Whole-wheat sourdough “Bubbles”',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    description:
      'A lively whole-wheat starter that makes a great open crumb. Fed every morning; I can leave some on my porch.',
    ageDays: 4,
    claimed: true,
    hue: 28,
    culture: {
      fedDaysAgo: 9,
      careNotes: 'Whole-wheat flour only, fed every morning; it sulks below 20 °C.',
      parent: '100-year-old sourdough starter',
    },
  },
  {
    owner: 'hanna',
    title: 'Teff injera starter (ersho)',
    category: 'grain',
    subcategory: 'injera',
    starterType: 'Injera starter',
    description:
      'Ersho from my family’s injera. Teff batter ferments in two to three days with this. I can show you how to make the first batch.',
    ageDays: 2,
    hue: 25,
  },
  {
    owner: 'hanna',
    title: 'Injera starter – gluten free',
    category: 'grain',
    subcategory: 'injera',
    starterType: 'Injera starter',
    description:
      'Kept only on teff flour, so it is gluten free. Comes in a small jar with a little batter on top.',
    ageDays: 18,
    hue: 22,
  },
  {
    owner: 'priya',
    title: 'Idli batter starter',
    category: 'grain',
    subcategory: 'idli',
    starterType: 'Idli starter',
    description:
      'A spoonful of my fermented idli batter jump-starts yours, especially in cold kitchens. Rice and urad dal, nothing else.',
    ageDays: 1,
    hue: 50,
  },
  {
    owner: 'priya',
    title: 'Dosa batter starter',
    category: 'grain',
    subcategory: 'dosa',
    starterType: 'Dosa starter',
    description:
      'Active dosa batter from this morning. Makes crisp, sour dosas. Bring a container with a lid.',
    ageDays: 7,
    hue: 38,
  },
  {
    owner: 'priya',
    title: 'Dosa + idli starter combo',
    category: 'grain',
    subcategory: 'dosa',
    starterType: 'Dosa starter',
    description:
      'Two little jars: one for dosa, one for idli. Both ferment overnight in a warm kitchen.',
    ageDays: 26,
    claimed: true,
    hue: 44,
  },
  {
    owner: 'noah',
    title: 'Rye sour for pumpernickel',
    category: 'grain',
    subcategory: 'other',
    starterType: 'Rye sour',
    description:
      'Stiff rye sour that gives deep flavour to dense rye breads. Fed with dark rye flour only.',
    ageDays: 11,
    hue: 18,
  },
  {
    owner: 'ellie',
    title: 'Amazake koji rice',
    category: 'grain',
    subcategory: 'other',
    starterType: 'Amazake',
    description:
      'A scoop of my amazake (sweet fermented rice) to get yours going. Naturally sweet, no sugar added.',
    ageDays: 33,
    hue: 52,
  },
  // Beverage
  {
    owner: 'ana',
    title: 'Kombucha SCOBY with strong starter tea',
    category: 'beverage',
    subcategory: 'scoby',
    starterType: 'SCOBY/pellicle (kombucha)',
    description:
      'A healthy pellicle plus a cup of strong starter liquid. My kombucha brews in about ten days at room temperature.',
    ageDays: 0,
    hue: 30,
  },
  {
    owner: 'ana',
    title: 'Jun SCOBY (green tea + honey)',
    category: 'beverage',
    subcategory: 'scoby',
    starterType: 'Jun pellicle',
    description:
      'Jun is kombucha’s honey-loving cousin. Lighter and more champagne-like. Comes with two cups of starter.',
    customDescription: 'Feed with green tea and raw honey only.',
    ageDays: 8,
    hue: 58,
  },
  {
    owner: 'grace',
    title: 'Spare SCOBY from my hotel',
    category: 'beverage',
    subcategory: 'scoby',
    starterType: 'SCOBY/pellicle (kombucha)',
    description:
      'My SCOBY hotel is overflowing. Thick, healthy layers; I will bag one with plenty of liquid.',
    ageDays: 15,
    claimed: true,
    hue: 34,
  },
  {
    owner: 'maya',
    title: 'Water kefir grains (tibicos)',
    category: 'beverage',
    subcategory: 'waterKefir',
    starterType: 'Water kefir grains',
    description:
      'Crystal-clear grains that make fizzy water kefir in 48 hours with sugar water and a slice of lemon.',
    ageDays: 3,
    hue: 190,
  },
  {
    owner: 'lucia',
    title: 'Water kefir – lots to share',
    category: 'beverage',
    subcategory: 'waterKefir',
    starterType: 'Water kefir grains',
    description:
      'My grains multiply fast so I always have extra. Happy to meet at the farmers’ market on Saturdays.',
    ageDays: 20,
    hue: 200,
    culture: {
      fedDaysAgo: 2,
      parent: 'Water kefir grains (tibicos)',
    },
  },
  {
    owner: 'grace',
    title: 'Ginger bug, 2 weeks old',
    category: 'beverage',
    subcategory: 'gingerBug',
    starterType: 'Ginger bug',
    description:
      'Lively ginger bug for homemade sodas. Fed daily with fresh ginger and sugar. Brings ginger beer to life in days.',
    ageDays: 1,
    hue: 40,
  },
  {
    owner: 'noah',
    title: 'Ginger bug for root beer',
    category: 'beverage',
    subcategory: 'gingerBug',
    starterType: 'Ginger bug',
    description:
      'I use this bug for root beer and ginger ale. Comes in a flip-top bottle; bring it back if you can.',
    ageDays: 10,
    hue: 45,
  },
  {
    owner: 'ellie',
    title: 'Tepache starter',
    category: 'beverage',
    subcategory: 'other',
    starterType: 'Tepache',
    description:
      'A splash of my active tepache (fermented pineapple) to kick-start your first batch.',
    ageDays: 4,
    hue: 55,
  },
  {
    owner: 'sam',
    title: 'Kvass starter',
    category: 'beverage',
    subcategory: 'other',
    starterType: 'Bread kvass',
    description:
      'Rye bread kvass starter, mildly sour and very refreshing. Makes a new batch in two days.',
    ageDays: 27,
    hue: 25,
  },
  {
    owner: 'ana',
    title: 'Kombucha starter liquid only',
    category: 'beverage',
    subcategory: 'scoby',
    starterType: 'SCOBY/pellicle (kombucha)',
    description:
      'No pellicle, just two cups of very strong starter tea – a new SCOBY will grow on top within weeks.',
    ageDays: 45,
    hue: 28,
  },
  // Legume
  {
    owner: 'kenji',
    title: 'Koji spores for miso',
    category: 'legume',
    subcategory: 'miso',
    starterType: 'Miso spores',
    description:
      'Aspergillus oryzae spores for making your own koji and miso. One small packet inoculates a kilo of rice.',
    ageDays: 2,
    hue: 80,
    culture: { form: 'spores' },
  },
  {
    owner: 'omar',
    title: 'A scoop of two-year miso',
    category: 'legume',
    subcategory: 'miso',
    starterType: 'Miso spores',
    description:
      'Adding a spoon of mature miso to a new batch seeds it with a strong culture. Two-year barley miso.',
    ageDays: 16,
    hue: 35,
  },
  {
    owner: 'sam',
    title: 'Tempeh starter (Rhizopus)',
    category: 'legume',
    subcategory: 'tempeh',
    starterType: 'Tempeh spores',
    description:
      'Homemade ragi tempeh starter, dried and powdered. One teaspoon makes 500 g of tempeh.',
    ageDays: 1,
    hue: 60,
    culture: { form: 'spores' },
  },
  {
    owner: 'sam',
    title: 'Fresh tempeh block to re-culture',
    category: 'legume',
    subcategory: 'tempeh',
    starterType: 'Tempeh spores',
    description:
      'A fully sporulated tempeh block you can use to start your own. Pick up within two days.',
    ageDays: 6,
    claimed: true,
    hue: 65,
  },
  {
    owner: 'kenji',
    title: 'Shoyu koji spores',
    category: 'legume',
    subcategory: 'soySauce',
    starterType: 'Soy sauce spores',
    description: 'Spores selected for soy sauce. I can share my notes on moromi and pressing.',
    ageDays: 9,
    hue: 20,
    culture: { form: 'spores' },
  },
  {
    owner: 'kenji',
    title: 'Natto culture (Bacillus subtilis)',
    category: 'legume',
    subcategory: 'bacterial',
    starterType: 'Bacterial starters',
    description:
      'A few beans from my last natto batch to seed yours. Sticky, stringy and delicious.',
    ageDays: 3,
    hue: 45,
  },
  {
    owner: 'omar',
    title: 'Doenjang block starter',
    category: 'legume',
    subcategory: 'other',
    starterType: 'Meju',
    description:
      'A piece of meju (fermented soybean block) for making doenjang. Dried and ready to use.',
    ageDays: 38,
    hue: 30,
  },
  {
    owner: 'kenji',
    title: 'Koji rice, fresh this week',
    category: 'legume',
    subcategory: 'miso',
    starterType: 'Miso spores',
    description:
      'Fresh koji rice, fragrant and fluffy. Use it for miso, shio koji or amazake within a week.',
    ageDays: 0,
    hue: 50,
  },
  {
    owner: 'sam',
    title: 'Chickpea tempeh starter',
    category: 'legume',
    subcategory: 'tempeh',
    starterType: 'Tempeh spores',
    description:
      'My tempeh starter also loves chickpeas and black beans. Dried powder in a small bag.',
    ageDays: 22,
    hue: 55,
  },
  {
    owner: 'omar',
    title: 'Soy sauce moromi sample',
    category: 'legume',
    subcategory: 'soySauce',
    starterType: 'Soy sauce spores',
    description: 'A small jar of my one-year moromi to seed a new batch of soy sauce.',
    ageDays: 50,
    hue: 15,
  },
  // Other
  {
    owner: 'noah',
    title: 'Wild ferment vinegar mother',
    category: 'other',
    subcategory: 'wild',
    starterType: 'Wild Ferment',
    description:
      'Apple cider vinegar mother from a wild-fermented batch. Turns cider or wine into vinegar in a few weeks.',
    ageDays: 5,
    hue: 35,
  },
  {
    owner: 'ellie',
    title: 'Sauerkraut brine starter',
    category: 'other',
    subcategory: 'wild',
    starterType: 'Wild Ferment',
    description:
      'A jar of brine from a vigorous sauerkraut batch – speeds up your first kraut or kimchi.',
    ageDays: 13,
    hue: 70,
  },
  {
    owner: 'lucia',
    title: 'Mixed culture: kefir + kombucha blend',
    category: 'other',
    subcategory: 'mixed',
    starterType: 'Mixed Culture',
    description:
      'An experiment that worked: a mixed culture that ferments fruit juice into a lightly fizzy drink.',
    ageDays: 8,
    hue: 300,
  },
  {
    owner: 'tom',
    title: 'Experimental barley culture',
    category: 'other',
    subcategory: 'experimental',
    starterType: 'Experimental Culture',
    description:
      'A culture I captured from malted barley. Sour and fruity; good for brewers who like to experiment.',
    customDescription: 'Experimental – please share your results with me.',
    ageDays: 17,
    hue: 40,
  },
  {
    owner: 'grace',
    title: 'Kimchi starter paste',
    category: 'other',
    subcategory: 'custom',
    starterType: 'Custom Starter',
    description: 'A spoon of mature kimchi paste to seed a new batch. Vegan, no fish sauce.',
    ageDays: 2,
    hue: 5,
  },
  {
    owner: 'hanna',
    title: 'Fermented honey-garlic culture',
    category: 'other',
    subcategory: 'custom',
    starterType: 'Custom Starter',
    description:
      'A little of my fermenting honey to start your own honey-garlic jar. Ready in a month.',
    ageDays: 29,
    hue: 45,
  },
  {
    owner: 'priya',
    title: 'Mixed pickle brine',
    category: 'other',
    subcategory: 'mixed',
    starterType: 'Mixed Culture',
    description:
      'Brine from my lacto-fermented mixed vegetable pickles. Great way to start cucumbers and carrots.',
    ageDays: 35,
    claimed: true,
    hue: 90,
  },
  {
    owner: 'lucia',
    title: 'Wild yeast from grapes',
    category: 'other',
    subcategory: 'experimental',
    starterType: 'Experimental Culture',
    description:
      'Wild yeast caught from organic grape skins. Fun for sourdough or a small batch of wine.',
    ageDays: 12,
    hue: 280,
  },
  {
    owner: 'omar',
    title: 'Hot sauce mash starter',
    category: 'other',
    subcategory: 'wild',
    starterType: 'Wild Ferment',
    description: 'Fermented chilli mash to kick-start your own hot sauce. Medium heat.',
    ageDays: 3,
    hue: 0,
  },
  {
    owner: 'ana',
    title: 'Kombucha vinegar mother',
    category: 'other',
    subcategory: 'custom',
    starterType: 'Custom Starter',
    description:
      'A very old, very sour kombucha that has turned into vinegar. Great for salad dressings or as a strong starter.',
    ageDays: 60,
  },
];

export interface DemoConversation {
  starter: string;
  with: string;
  messages: Array<{ from: 'inquirer' | 'owner'; text: string; read?: boolean }>;
}

export const demoConversations: DemoConversation[] = [
  {
    starter: 'Milk kefir grains, fed daily',
    with: 'tom',
    messages: [
      {
        from: 'inquirer',
        text: 'Hi Maya! Could I pick up some grains on Saturday morning? I can bring a jar.',
        read: true,
      },
      {
        from: 'owner',
        text: 'Of course! Saturday 10am works. I am near the Hawthorne library.',
        read: true,
      },
      { from: 'inquirer', text: 'Perfect, see you then. Thank you so much!' },
    ],
  },
  {
    starter: 'Milk kefir grains, fed daily',
    with: 'ellie',
    messages: [
      {
        from: 'inquirer',
        text: 'Are there still grains left after Tom? I would love a small portion.',
      },
    ],
  },
  {
    starter: '100-year-old sourdough starter',
    with: 'priya',
    messages: [
      {
        from: 'inquirer',
        text: 'What flour do you feed it with? I only have all-purpose at home.',
        read: true,
      },
      { from: 'owner', text: 'All-purpose is fine! I use a little rye but it is not needed.' },
    ],
  },
  {
    starter: 'Kombucha SCOBY with strong starter tea',
    with: 'grace',
    messages: [
      {
        from: 'inquirer',
        text: 'Hello! Is the SCOBY still available? Happy to come by after work on Tuesday.',
        read: true,
      },
      { from: 'owner', text: 'Yes it is! Tuesday after 6 is great.', read: true },
    ],
  },
  {
    starter: 'Tempeh starter (Rhizopus)',
    with: 'kenji',
    messages: [
      {
        from: 'inquirer',
        text: 'Would you swap notes on incubation temperature? Mine keeps going black at the edges.',
      },
    ],
  },
];

export const demoReports = [
  {
    starter: 'Hot sauce mash starter',
    reporter: 'ellie',
    reason: 'safety',
    description: 'The photo looks like there may be mold on top.',
    status: 'pending',
  },
  {
    starter: 'Experimental barley culture',
    reporter: 'priya',
    reason: 'misleading',
    description: 'Description does not say how it was kept.',
    status: 'pending',
  },
  {
    starter: 'Kombucha vinegar mother',
    reporter: 'sam',
    reason: 'rules',
    description: 'Is a vinegar a starter culture?',
    status: 'reviewed',
  },
  {
    starter: 'Mixed pickle brine',
    reporter: 'noah',
    reason: 'spam',
    description: null,
    status: 'resolved',
  },
] as const;
