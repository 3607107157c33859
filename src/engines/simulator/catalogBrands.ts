import { profilePrompt } from './profile.js';

/** The brands the simulator's catalog knows for a question's category. */
export interface CatalogBrands {
  /** The category's leading brands the question does not name, strongest first: what an answer would bring up. */
  leaders: string[];
  /** Every name and alias of the category's brands, challengers included: names to recognize in searches. */
  names: string[];
}

const LEADERS = 4;

export function catalogBrands(question: string): CatalogBrands {
  const { category, namedBrands } = profilePrompt(question);
  const brands = [...category.brands, ...category.challengers.map((challenger) => challenger.brand)];
  return {
    leaders: category.brands.filter((brand) => !namedBrands.has(brand)).slice(0, LEADERS).map((brand) => brand.name),
    names: brands.flatMap((brand) => [brand.name, ...brand.aliases]),
  };
}
