// Demo customer reviews, some with the store team's reply.
import type { Tx } from '../db/client.ts';
import { reviews } from '../modules/reviews/schema.ts';
import type { DaysFromNow } from './demo-common.ts';

interface SeedReview {
  slug: string;
  name: string;
  email: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title?: string;
  description: string;
  daysAgo: number;
  /** The store team's reply and how many days after the review it came. */
  reply?: { text: string; afterDays: number };
}

/*
 * Demo reviews, from no account (user_id null). Garam Masala has 11, so its list has a second
 * page; the others have a few each, with every star from 1 to 5 present somewhere, so the bars
 * show all three colours. Low ratings carry the team's reply.
 */
const REVIEWS: SeedReview[] = [
  {
    slug: 'garam-masala',
    name: 'Priya Sharma',
    email: 'priya.sharma@example.in',
    rating: 5,
    title: 'Smells like my nani’s kitchen',
    description:
      'The aroma when you open the pack is unreal. A pinch at the end of dal makhani and the whole house knows. Will reorder the 200 g.',
    daysAgo: 3,
  },
  {
    slug: 'garam-masala',
    name: 'Rahul Verma',
    email: 'rahul.verma@example.in',
    rating: 4,
    title: 'Strong and fresh',
    description: 'Very fresh and fairly strong, so go easy the first time. Packaging could have a zip lock.',
    daysAgo: 9,
    reply: {
      text: 'Thank you, Rahul! Zip-lock pouches for the 100 g and 200 g packs are arriving next month.',
      afterDays: 1,
    },
  },
  {
    slug: 'garam-masala',
    name: 'Ananya Iyer',
    email: 'ananya.iyer@example.in',
    rating: 5,
    description:
      'Used it in chole and rajma, both turned out restaurant-style. No onion-garlic is a big plus for us.',
    daysAgo: 14,
  },
  {
    slug: 'garam-masala',
    name: 'Mohammed Irfan',
    email: 'irfan.m@example.in',
    rating: 5,
    title: 'Best garam masala I have bought online',
    description: 'You can actually smell the cardamom and clove separately. Perfect for biryani too.',
    daysAgo: 21,
  },
  {
    slug: 'garam-masala',
    name: 'Kavita Joshi',
    email: 'kavita.joshi@example.in',
    rating: 3,
    title: 'Good, but a little coarse',
    description: 'Flavour is good. I prefer a finer grind for sprinkling on raita.',
    daysAgo: 30,
    reply: {
      text: 'Thanks for telling us, Kavita. We grind slowly at low temperature, which keeps it slightly coarse; sifting it once works well for raita.',
      afterDays: 2,
    },
  },
  {
    slug: 'garam-masala',
    name: 'Suresh Nair',
    email: 'suresh.nair@example.in',
    rating: 4,
    description: 'Good quality. Delivery to Kochi took six days but the pack was well sealed.',
    daysAgo: 38,
  },
  {
    slug: 'garam-masala',
    name: 'Neha Gupta',
    email: 'neha.gupta@example.in',
    rating: 5,
    title: 'Pure and aromatic',
    description: 'My mother-in-law approved, which says everything.',
    daysAgo: 45,
  },
  {
    slug: 'garam-masala',
    name: 'Arjun Reddy',
    email: 'arjun.reddy@example.in',
    rating: 2,
    title: 'Too strong for my taste',
    description: 'Quality seems fine but the clove is overpowering for everyday sabzi.',
    daysAgo: 52,
    reply: {
      text: 'Sorry it was too strong, Arjun. For everyday sabzi try a quarter teaspoon added at the end, or our Kitchen King, which is milder.',
      afterDays: 1,
    },
  },
  {
    slug: 'garam-masala',
    name: 'Fatima Sheikh',
    email: 'fatima.sheikh@example.in',
    rating: 5,
    description: 'Third order. Consistent every time.',
    daysAgo: 60,
  },
  {
    slug: 'garam-masala',
    name: 'Vikram Singh',
    email: 'vikram.singh@example.in',
    rating: 4,
    title: 'Value for money',
    description: 'Better than the big brands at a similar price.',
    daysAgo: 71,
  },
  {
    slug: 'garam-masala',
    name: 'Meera Pillai',
    email: 'meera.pillai@example.in',
    rating: 5,
    title: 'Lovely',
    description: 'Rich colour, rich aroma. Makes a simple aloo matar special.',
    daysAgo: 85,
  },
  {
    slug: 'chicken-masala',
    name: 'Sandeep Kumar',
    email: 'sandeep.kumar@example.in',
    rating: 5,
    title: 'Perfect chicken curry',
    description:
      'Two spoons with tomato and curd, and that is all you need. Great colour without any added colour.',
    daysAgo: 6,
  },
  {
    slug: 'chicken-masala',
    name: 'Pooja Desai',
    email: 'pooja.desai@example.in',
    rating: 4,
    description: 'Tasty and balanced, not too hot. Kids loved it.',
    daysAgo: 19,
  },
  {
    slug: 'chicken-masala',
    name: 'Imran Khan',
    email: 'imran.khan@example.in',
    rating: 1,
    title: 'Pack arrived torn',
    description: 'The outer pouch was torn and some masala had spilled in the box.',
    daysAgo: 27,
    reply: {
      text: 'We are sorry, Imran. A replacement has been sent and we have changed our courier packing for pouches.',
      afterDays: 1,
    },
  },
  {
    slug: 'turmeric-powder',
    name: 'Lakshmi Venkatesh',
    email: 'lakshmi.v@example.in',
    rating: 5,
    title: 'Bright and earthy',
    description: 'Proper haldi colour and smell. Works beautifully in haldi doodh too.',
    daysAgo: 4,
  },
  {
    slug: 'turmeric-powder',
    name: 'Deepak Mehta',
    email: 'deepak.mehta@example.in',
    rating: 4,
    description: 'Good quality turmeric. I wish there were a 1 kg pack.',
    daysAgo: 33,
  },
  {
    slug: 'kitchen-king-masala',
    name: 'Sunita Agarwal',
    email: 'sunita.agarwal@example.in',
    rating: 5,
    title: 'My everyday masala',
    description: 'Goes into paneer, mixed veg and even pulao. Mild and fragrant.',
    daysAgo: 11,
  },
  {
    slug: 'kitchen-king-masala',
    name: 'Harpreet Kaur',
    email: 'harpreet.kaur@example.in',
    rating: 3,
    description: 'Nice, but I expected a little more heat.',
    daysAgo: 40,
  },
  {
    slug: 'meat-masala',
    name: 'Rohan Das',
    email: 'rohan.das@example.in',
    rating: 5,
    title: 'Sunday mutton sorted',
    description: 'Deep colour and a lovely smoky note. Slow-cooked mutton came out perfect.',
    daysAgo: 8,
  },
  {
    slug: 'biryani-masala',
    name: 'Ayesha Siddiqui',
    email: 'ayesha.s@example.in',
    rating: 4,
    title: 'Fragrant biryani',
    description: 'Lovely fragrance of mace and star anise. Add a little kewra water and it is perfect.',
    daysAgo: 16,
  },
  {
    slug: 'tea-masala',
    name: 'Gaurav Patel',
    email: 'gaurav.patel@example.in',
    rating: 5,
    title: 'Monsoon chai',
    description: 'A tiny pinch with ginger and the chai tastes like a roadside tapri. Loved it.',
    daysAgo: 12,
  },
];

export async function insertDemoReviews(
  tx: Tx,
  productId: (slug: string) => number,
  daysFromNow: DaysFromNow,
): Promise<void> {
  await tx.insert(reviews).values(
    REVIEWS.map((r) => {
      const createdAt = daysFromNow(-r.daysAgo);
      return {
        productId: productId(r.slug),
        userId: null,
        name: r.name,
        email: r.email,
        rating: r.rating,
        title: r.title ?? null,
        description: r.description,
        adminReply: r.reply?.text ?? null,
        adminReplyAt: r.reply ? daysFromNow(-r.daysAgo + r.reply.afterDays) : null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}
