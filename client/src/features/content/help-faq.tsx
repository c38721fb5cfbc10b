import { Link } from 'react-router';
import type { FaqItem } from './faq-accordion';
import { paths } from '../../lib/paths';

const link = 'font-medium text-accent-hover underline underline-offset-4 dark:text-accent';

/** The eight questions of the Help Center (spec §2 /help), in the spec's order. */
export const helpFaq: FaqItem[] = [
  {
    id: 'post',
    question: 'How do I post a starter?',
    answer: (
      <p>
        Sign in, then choose <strong>Share Starter</strong> in the header (the round + button on a
        phone). Give your starter a title, pick its category and type, describe it, say roughly
        where you are and, if you like, add a photo. Press <strong>Post Starter</strong> and it
        appears on the{' '}
        <Link to={paths.browse} className={link}>
          browse page
        </Link>{' '}
        straight away.
      </p>
    ),
  },
  {
    id: 'types',
    question: 'What types of starters can I share?',
    answer: (
      <p>
        Any healthy, living fermentation starter: dairy cultures (kefir grains, yogurt, buttermilk,
        cheese cultures), grain ferments (sourdough, injera, idli, dosa), tea and beverage cultures
        (kombucha SCOBY, water kefir grains, ginger bug) and legume and soy cultures (miso, tempeh
        and soy sauce spores). Prepared foods and store-bought products are not allowed — see the{' '}
        <Link to={paths.rules} className={link}>
          Community Rules
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'contact-owner',
    question: 'How do I contact a starter owner?',
    answer: (
      <p>
        Press <strong>Message Owner</strong> on the starter&apos;s card or page and write a short
        note — say when and where you could pick it up. You need to be signed in to send messages;
        replies appear under <strong>Messages</strong> in the header.
      </p>
    ),
  },
  {
    id: 'free',
    question: 'Is everything really free?',
    answer: (
      <p>
        Yes. CultureShare is a gift economy: no selling, no trades for money and no hidden fees. The
        only thing an owner may ask is that you bring a clean jar. If anyone asks for payment,
        please report the post.
      </p>
    ),
  },
  {
    id: 'safety',
    question: 'How do I know if a starter is safe?',
    answer: (
      <p>
        Look, smell and ask. A healthy starter is active and smells pleasantly sour or yeasty; mold,
        pink or black spots, or a rotten smell mean it should not be used. Ask the owner how long
        they have kept it and how it was stored. Our{' '}
        <Link to={paths.safety} className={link}>
          Safety Guidelines
        </Link>{' '}
        list the good and warning signs in detail.
      </p>
    ),
  },
  {
    id: 'manage',
    question: 'How do I edit, delete or mark my starter as claimed?',
    answer: (
      <p>
        Open your profile page (<strong>My Posts</strong> in the header). Under{' '}
        <strong>My Starters</strong>, each listing has a menu with <strong>Mark as Claimed</strong>{' '}
        and <strong>Delete</strong>. Once a starter has found a new home, please mark it as claimed
        so nobody asks for it in vain. To change a listing&apos;s details, delete it and post it
        again.
      </p>
    ),
  },
  {
    id: 'report',
    question: 'How do I report a post?',
    answer: (
      <p>
        Open the three-dot menu on the post and choose <strong>Report Post</strong>. Pick the reason
        that fits best and add any details that will help our moderators understand the problem.
        Reports are confidential, and a moderator reviews every one.
      </p>
    ),
  },
  {
    id: 'contamination',
    question: 'What if a starter becomes contaminated after I share it?',
    answer: (
      <p>
        Cultures can change once they are in a new kitchen. If you hear that a starter you shared
        went bad, check your own batch and let the recipient know what you find. If you received a
        starter that shows mold or smells foul, throw it away, clean the jar well and tell the owner
        kindly. Every member uses shared starters at their own risk.
      </p>
    ),
  },
];
