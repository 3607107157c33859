import { z } from 'zod';
import type { Ad, ShoppingItem } from '../../engine.js';
import type { SerpApiBody } from './client.js';

/**
 * Paid and product results around an AI answer, from SerpApi's documented `ads` (Google text ads:
 * `{position, title, link, source, thumbnail}`), `shopping_results` (`{position, title, link, product_link,
 * source, price, rating, thumbnail, tag}`) and `immersive_products` (the product carousel, same fields
 * without positions). Entries of an unfamiliar shape are skipped: they decorate the answer, they are not it.
 */

const adSchema = z.looseObject({
  title: z.string(),
  link: z.string(),
  source: z.string().optional(),
  thumbnail: z.string().optional(),
});

const productSchema = z.looseObject({
  title: z.string(),
  link: z.string().optional(),
  product_link: z.string().optional(),
  thumbnail: z.string().optional(),
  tag: z.string().optional(),
  price: z.string().optional(),
  rating: z.union([z.number(), z.string()]).optional(),
});

export function ads(body: SerpApiBody): Ad[] {
  return entries(body['ads'], adSchema).map((ad, index) => ({
    title: ad.title,
    url: ad.link,
    ...(ad.thumbnail && { image: ad.thumbnail }),
    ...(ad.source && { brand: ad.source }),
    position: index + 1,
  }));
}

/** Shopping results, then the product carousel, numbered in that reading order. */
export function shopping(body: SerpApiBody): ShoppingItem[] {
  const products = [...entries(body['shopping_results'], productSchema), ...entries(body['immersive_products'], productSchema)];
  return products.map((product, index) => {
    const rating = Number(product.rating);
    return {
      title: product.title,
      ...(product.thumbnail && { image: product.thumbnail }),
      link: product.link ?? product.product_link ?? '',
      ...(product.tag && { tag: product.tag }),
      position: index + 1,
      ...(product.price && { price: product.price }),
      ...(product.rating !== undefined && Number.isFinite(rating) && { rating }),
    };
  });
}

function entries<Schema extends z.ZodType>(value: unknown, schema: Schema): z.infer<Schema>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const parsed = schema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
