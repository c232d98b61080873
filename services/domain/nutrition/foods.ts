/**
 * The bundled food catalog the built-in coach writes meal plans from. Macros are per serving (rounded USDA
 * FoodData Central figures); calories are derived from them (4/4/9), so a meal's calories always agree with its
 * macros. Allergens and what a food is made of are data, so diets and allergies are filters, never guesses.
 */

/** The allergen groups a profile's allergies are mapped to (the major food allergens). */
export const ALLERGENS = ['peanuts', 'tree nuts', 'dairy', 'gluten', 'egg', 'soy', 'fish', 'shellfish', 'sesame'] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** What the food comes from: the diets (vegan, vegetarian, pescatarian, halal…) are rules over this. */
export type Source = 'plant' | 'egg' | 'dairy' | 'fish' | 'shellfish' | 'poultry' | 'meat' | 'pork' | 'honey';
/** The part a food plays on a plate; a meal template asks for roles. */
export type Role = 'protein' | 'carb' | 'veg' | 'fruit' | 'fat' | 'snack';
/** Grains, legumes and processed foods are what paleo leaves out. */
export type Family = 'grain' | 'legume' | 'processed' | null;

export interface Food {
  name: string;
  role: Role;
  /** Which meals it suits: B breakfast, M lunch and dinner, S snack. */
  times: string;
  /** A serving: grams, or a countable unit ("large egg") with its grams. */
  servingGrams: number;
  unit: { one: string; many: string } | 'g' | 'ml';
  protein: number;
  carbs: number;
  fats: number;
  calories: number;
  allergens: Allergen[];
  source: Source;
  family: Family;
  /** Why pregnancy guidance advises against it, in a few words a plan can show; null when it does not. */
  pregnancy: string | null;
}

type Row = [name: string, role: Role, times: string, grams: number, unit: string, protein: number, carbs: number, fats: number, allergens: string, source: Source, family?: Family];

// unit: 'g', 'ml', or "one|many" for countable servings (1 serving = 1 unit).
const ROWS: Row[] = [
  // proteins
  ['Grilled chicken breast', 'protein', 'M', 120, 'g', 37, 0, 4, '', 'poultry'],
  ['Roast turkey breast', 'protein', 'M', 120, 'g', 35, 0, 2, '', 'poultry'],
  ['Skinless chicken thigh', 'protein', 'M', 120, 'g', 31, 0, 10, '', 'poultry'],
  ['Chicken sausage', 'protein', 'B', 85, 'link|links', 14, 3, 8, '', 'poultry', 'processed'],
  ['Turkey bacon', 'protein', 'B', 28, 'slice pair|slice pairs', 8, 1, 4, '', 'poultry', 'processed'],
  ['Sliced turkey', 'protein', 'BS', 60, 'g', 12, 1, 1, '', 'poultry', 'processed'],
  ['Sirloin steak', 'protein', 'M', 120, 'g', 34, 0, 9, '', 'meat'],
  ['Lean ground beef', 'protein', 'M', 120, 'g', 31, 0, 12, '', 'meat'],
  ['Roast lamb leg', 'protein', 'M', 100, 'g', 28, 0, 8, '', 'meat'],
  ['Beef jerky', 'protein', 'S', 30, 'g', 10, 3, 1, '', 'meat', 'processed'],
  ['Pork tenderloin', 'protein', 'M', 120, 'g', 31, 0, 4, '', 'pork'],
  ['Pork chop', 'protein', 'M', 120, 'g', 33, 0, 9, '', 'pork'],
  ['Bacon', 'protein', 'B', 16, 'slice pair|slice pairs', 6, 0, 7, '', 'pork', 'processed'],
  ['Pork rinds', 'protein', 'S', 15, 'g', 9, 0, 5, '', 'pork', 'processed'],
  ['Baked salmon', 'protein', 'M', 120, 'g', 30, 0, 14, 'fish', 'fish'],
  ['Smoked salmon', 'protein', 'B', 60, 'g', 11, 0, 3, 'fish', 'fish'],
  ['Tuna in water', 'protein', 'MS', 100, 'g', 26, 0, 1, 'fish', 'fish'],
  ['Baked cod', 'protein', 'M', 150, 'g', 34, 0, 2, 'fish', 'fish'],
  ['Grilled tilapia', 'protein', 'M', 130, 'g', 34, 0, 4, 'fish', 'fish'],
  ['Sardines', 'protein', 'MS', 90, 'g', 22, 0, 10, 'fish', 'fish'],
  // Atlantic mackerel (a fatty, low-mercury fish; these are its figures): not king mackerel, a high-mercury one.
  ['Grilled Atlantic mackerel', 'protein', 'M', 100, 'g', 24, 0, 14, 'fish', 'fish'],
  ['Baked trout', 'protein', 'M', 120, 'g', 29, 0, 8, 'fish', 'fish'],
  ['Baked halibut', 'protein', 'M', 150, 'g', 34, 0, 4, 'fish', 'fish'],
  ['Grilled shrimp', 'protein', 'M', 120, 'g', 29, 1, 2, 'shellfish', 'shellfish'],
  ['Steamed mussels', 'protein', 'M', 120, 'g', 29, 9, 5, 'shellfish', 'shellfish'],
  ['Seared scallops', 'protein', 'M', 120, 'g', 24, 6, 1, 'shellfish', 'shellfish'],
  ['Crab meat', 'protein', 'M', 120, 'g', 22, 0, 1, 'shellfish', 'shellfish'],
  ['Eggs', 'protein', 'BS', 50, 'large egg|large eggs', 6, 0.5, 5, 'egg', 'egg'],
  ['Egg whites', 'protein', 'B', 150, 'g', 16, 1, 0, 'egg', 'egg'],
  ['Nonfat Greek yogurt', 'protein', 'BS', 170, 'g', 17, 6, 1, 'dairy', 'dairy'],
  ['Full-fat Greek yogurt', 'protein', 'BS', 170, 'g', 15, 7, 8.5, 'dairy', 'dairy'],
  ['Low-fat cottage cheese', 'protein', 'BS', 150, 'g', 17, 5, 3.5, 'dairy', 'dairy'],
  ['Skyr', 'protein', 'BS', 150, 'g', 16, 6, 0.3, 'dairy', 'dairy'],
  ['Whey protein shake', 'protein', 'BS', 30, 'g', 24, 3, 1.5, 'dairy', 'dairy', 'processed'],
  ['Paneer', 'protein', 'M', 80, 'g', 15, 3, 17, 'dairy', 'dairy'],
  ['Pea protein shake', 'protein', 'BS', 30, 'g', 24, 1, 2, '', 'plant', 'processed'],
  ['Firm tofu', 'protein', 'BM', 150, 'g', 24, 4, 13, 'soy', 'plant', 'legume'],
  ['Tempeh', 'protein', 'M', 100, 'g', 20, 8, 11, 'soy', 'plant', 'legume'],
  ['Seitan', 'protein', 'M', 100, 'g', 25, 6, 2, 'gluten', 'plant', 'processed'],
  ['Edamame', 'protein', 'MS', 120, 'g', 13, 11, 6, 'soy', 'plant', 'legume'],
  ['Cooked lentils', 'protein', 'M', 200, 'g', 18, 40, 1, '', 'plant', 'legume'],
  ['Chickpeas', 'protein', 'M', 160, 'g', 14, 44, 4, '', 'plant', 'legume'],
  ['Black beans', 'protein', 'M', 170, 'g', 15, 40, 1, '', 'plant', 'legume'],
  ['Kidney beans', 'protein', 'M', 170, 'g', 14, 38, 1, '', 'plant', 'legume'],
  ['Soy yogurt', 'protein', 'BS', 150, 'g', 6, 9, 4, 'soy', 'plant', 'legume'],
  ['Hemp seeds', 'protein', 'BS', 30, 'g', 9.5, 2.6, 14.6, '', 'plant'],
  // Soy-free, gluten-free plant protein, so a vegan who avoids soy still has dense sources at lunch and dinner.
  ['Lupini beans', 'protein', 'MS', 100, 'g', 15.6, 9.9, 2.9, '', 'plant', 'legume'],
  // starches and grains
  ['Rolled oats', 'carb', 'B', 40, 'g', 5, 27, 2.6, 'gluten', 'plant', 'grain'],
  ['Whole-wheat toast', 'carb', 'B', 35, 'slice|slices', 4, 14, 1, 'gluten', 'plant', 'grain'],
  ['Rye bread', 'carb', 'B', 32, 'slice|slices', 2.7, 15, 1, 'gluten', 'plant', 'grain'],
  ['Gluten-free bread', 'carb', 'B', 30, 'slice|slices', 1.5, 14, 2, '', 'plant', 'grain'],
  ['Whole-wheat bagel', 'carb', 'B', 100, 'bagel|bagels', 10, 50, 1.5, 'gluten', 'plant', 'grain'],
  ['Granola', 'carb', 'B', 40, 'g', 4, 26, 8, 'gluten, tree nuts', 'plant', 'grain'],
  ['Muesli', 'carb', 'B', 45, 'g', 4.5, 30, 3, 'gluten, tree nuts', 'plant', 'grain'],
  ['Rice porridge', 'carb', 'B', 250, 'g', 3, 30, 0.5, '', 'plant', 'grain'],
  ['Buckwheat porridge', 'carb', 'B', 170, 'g', 5.7, 34, 1, '', 'plant', 'grain'],
  ['Brown rice', 'carb', 'M', 150, 'g', 4, 35, 1.3, '', 'plant', 'grain'],
  ['White rice', 'carb', 'M', 150, 'g', 4, 42, 0.4, '', 'plant', 'grain'],
  ['Quinoa', 'carb', 'M', 150, 'g', 6.6, 32, 2.9, '', 'plant', 'grain'],
  ['Whole-wheat pasta', 'carb', 'M', 140, 'g', 7.5, 37, 1.5, 'gluten', 'plant', 'grain'],
  // Legume pastas (about 56 g dry per cooked serving): the starch of the plate that also carries protein.
  ['Red lentil pasta', 'carb', 'M', 140, 'g', 14, 34, 1.2, '', 'plant', 'legume'],
  ['Chickpea pasta', 'carb', 'M', 140, 'g', 11, 32, 3.5, '', 'plant', 'legume'],
  ['Couscous', 'carb', 'M', 150, 'g', 5.7, 35, 0.3, 'gluten', 'plant', 'grain'],
  ['Whole-wheat wrap', 'carb', 'M', 60, 'wrap|wraps', 5, 30, 4, 'gluten', 'plant', 'grain'],
  ['Whole-wheat pita', 'carb', 'M', 64, 'pita|pitas', 6, 35, 1.7, 'gluten', 'plant', 'grain'],
  ['Corn tortillas', 'carb', 'M', 26, 'tortilla|tortillas', 1.5, 12, 0.7, '', 'plant', 'grain'],
  ['Barley', 'carb', 'M', 150, 'g', 3.5, 42, 0.6, 'gluten', 'plant', 'grain'],
  ['Buckwheat soba noodles', 'carb', 'M', 150, 'g', 7, 36, 0.2, 'gluten', 'plant', 'grain'],
  ['Rice noodles', 'carb', 'M', 150, 'g', 2.7, 36, 0.3, '', 'plant', 'grain'],
  ['Millet', 'carb', 'M', 150, 'g', 5, 35, 1.5, '', 'plant', 'grain'],
  ['Polenta', 'carb', 'M', 200, 'g', 3, 30, 1, '', 'plant', 'grain'],
  ['Baked sweet potato', 'carb', 'M', 150, 'g', 3, 31, 0.2, '', 'plant'],
  ['Boiled potatoes', 'carb', 'M', 200, 'g', 4, 40, 0.2, '', 'plant'],
  ['Roasted butternut squash', 'carb', 'M', 200, 'g', 2, 24, 0.2, '', 'plant'],
  ['Corn on the cob', 'carb', 'M', 100, 'ear|ears', 3.3, 19, 1.3, '', 'plant', 'grain'],
  ['Rice cakes', 'carb', 'S', 9, 'cake|cakes', 0.7, 7.3, 0.3, '', 'plant', 'grain'],
  ['Whole-grain crackers', 'carb', 'S', 30, 'g', 3, 20, 4, 'gluten', 'plant', 'grain'],
  ['Air-popped popcorn', 'carb', 'S', 25, 'g', 3, 19, 1, '', 'plant', 'grain'],
  ['Roasted chickpeas', 'snack', 'S', 30, 'g', 6, 18, 2, '', 'plant', 'legume'],
  // vegetables
  ['Steamed broccoli', 'veg', 'M', 150, 'g', 3.6, 10, 0.5, '', 'plant'],
  ['Sautéed spinach', 'veg', 'BM', 100, 'g', 3, 4, 0.4, '', 'plant'],
  ['Green beans', 'veg', 'M', 125, 'g', 2.3, 9, 0.3, '', 'plant'],
  ['Mixed salad greens', 'veg', 'M', 80, 'g', 1, 3, 0.2, '', 'plant'],
  ['Grilled zucchini', 'veg', 'M', 150, 'g', 1.8, 5, 0.5, '', 'plant'],
  ['Roasted cauliflower', 'veg', 'M', 150, 'g', 2.9, 8, 0.4, '', 'plant'],
  ['Bell peppers', 'veg', 'BM', 120, 'g', 1.2, 7, 0.4, '', 'plant'],
  ['Carrots', 'veg', 'MS', 120, 'g', 1, 12, 0.3, '', 'plant'],
  ['Asparagus', 'veg', 'M', 120, 'g', 2.6, 4.7, 0.2, '', 'plant'],
  ['Brussels sprouts', 'veg', 'M', 150, 'g', 3.8, 11, 0.6, '', 'plant'],
  ['Kale', 'veg', 'M', 80, 'g', 2.3, 4.5, 0.5, '', 'plant'],
  ['Tomato and cucumber salad', 'veg', 'M', 150, 'g', 1.3, 6, 0.3, '', 'plant'],
  ['Mushrooms', 'veg', 'BM', 120, 'g', 3.7, 4, 0.4, '', 'plant'],
  ['Cabbage slaw', 'veg', 'M', 100, 'g', 1.3, 6, 0.1, '', 'plant'],
  ['Roasted eggplant', 'veg', 'M', 150, 'g', 1.2, 9, 0.3, '', 'plant'],
  ['Green peas', 'veg', 'M', 100, 'g', 5, 14, 0.4, '', 'plant', 'legume'],
  ['Bok choy', 'veg', 'M', 150, 'g', 2.3, 3, 0.3, '', 'plant'],
  ['Roasted beets', 'veg', 'M', 100, 'g', 1.7, 10, 0.2, '', 'plant'],
  ['Cherry tomatoes', 'veg', 'BMS', 100, 'g', 0.9, 4, 0.2, '', 'plant'],
  ['Stir-fried vegetables', 'veg', 'M', 150, 'g', 2.5, 9, 0.4, '', 'plant'],
  ['Okra', 'veg', 'M', 100, 'g', 2, 7.5, 0.2, '', 'plant'],
  ['Celery sticks', 'veg', 'S', 100, 'g', 0.7, 3, 0.2, '', 'plant'],
  ['Cucumber slices', 'veg', 'S', 120, 'g', 0.8, 4.3, 0.1, '', 'plant'],
  // fruit
  ['Banana', 'fruit', 'BS', 118, 'banana|bananas', 1.3, 27, 0.4, '', 'plant'],
  ['Apple', 'fruit', 'BS', 180, 'apple|apples', 0.5, 25, 0.3, '', 'plant'],
  ['Blueberries', 'fruit', 'BS', 100, 'g', 0.7, 14, 0.3, '', 'plant'],
  ['Strawberries', 'fruit', 'BS', 150, 'g', 1, 11.5, 0.5, '', 'plant'],
  ['Orange', 'fruit', 'BS', 150, 'orange|oranges', 1.4, 18, 0.2, '', 'plant'],
  ['Raspberries', 'fruit', 'BS', 100, 'g', 1.2, 12, 0.7, '', 'plant'],
  ['Pear', 'fruit', 'BS', 180, 'pear|pears', 0.7, 27, 0.2, '', 'plant'],
  ['Mango', 'fruit', 'BS', 150, 'g', 1.2, 25, 0.6, '', 'plant'],
  ['Pineapple', 'fruit', 'BS', 150, 'g', 0.8, 20, 0.2, '', 'plant'],
  ['Grapes', 'fruit', 'S', 120, 'g', 0.9, 22, 0.2, '', 'plant'],
  ['Kiwi', 'fruit', 'BS', 75, 'kiwi|kiwis', 0.8, 11, 0.4, '', 'plant'],
  ['Peach', 'fruit', 'BS', 150, 'peach|peaches', 1.4, 14, 0.4, '', 'plant'],
  ['Blackberries', 'fruit', 'BS', 100, 'g', 1.4, 10, 0.5, '', 'plant'],
  ['Cherries', 'fruit', 'S', 120, 'g', 1.3, 19, 0.2, '', 'plant'],
  ['Melon', 'fruit', 'BS', 200, 'g', 1.7, 16, 0.4, '', 'plant'],
  ['Raisins', 'fruit', 'BS', 30, 'g', 1, 24, 0.1, '', 'plant'],
  ['Medjool dates', 'fruit', 'S', 24, 'date|dates', 0.6, 18, 0.1, '', 'plant'],
  // fats, nuts, seeds and cheese
  ['Olive oil', 'fat', 'M', 14, 'tbsp|tbsp', 0, 0, 14, '', 'plant'],
  ['Avocado', 'fat', 'BM', 100, 'g', 2, 8.5, 15, '', 'plant'],
  ['Guacamole', 'fat', 'MS', 60, 'g', 1.2, 5, 8.8, '', 'plant'],
  ['Almonds', 'fat', 'BS', 28, 'g', 6, 6, 14, 'tree nuts', 'plant'],
  ['Walnuts', 'fat', 'BS', 28, 'g', 4.3, 3.9, 18.5, 'tree nuts', 'plant'],
  ['Cashews', 'fat', 'S', 28, 'g', 5, 8.6, 12, 'tree nuts', 'plant'],
  ['Pistachios', 'fat', 'S', 28, 'g', 5.7, 7.7, 12.8, 'tree nuts', 'plant'],
  ['Pecans', 'fat', 'BS', 28, 'g', 2.6, 3.9, 20, 'tree nuts', 'plant'],
  ['Macadamia nuts', 'fat', 'S', 28, 'g', 2.2, 3.9, 21.5, 'tree nuts', 'plant'],
  ['Almond butter', 'fat', 'BS', 32, 'g', 6.7, 6, 18, 'tree nuts', 'plant'],
  ['Peanut butter', 'fat', 'BS', 32, 'g', 7, 7, 16, 'peanuts', 'plant', 'legume'],
  ['Roasted peanuts', 'fat', 'S', 28, 'g', 7.3, 4.6, 14, 'peanuts', 'plant', 'legume'],
  ['Pumpkin seeds', 'fat', 'BMS', 28, 'g', 8.5, 3, 13.9, '', 'plant'],
  ['Sunflower seeds', 'fat', 'MS', 28, 'g', 5.8, 5.6, 14, '', 'plant'],
  ['Sunflower seed butter', 'fat', 'BS', 32, 'g', 5.5, 7, 17.5, '', 'plant'],
  ['Chia seeds', 'fat', 'B', 15, 'g', 2.5, 6.3, 4.6, '', 'plant'],
  ['Ground flaxseed', 'fat', 'B', 14, 'g', 2.6, 4, 6, '', 'plant'],
  ['Tahini', 'fat', 'M', 15, 'g', 2.6, 3, 8, 'sesame', 'plant'],
  ['Sesame seeds', 'fat', 'M', 10, 'g', 1.8, 2.3, 5, 'sesame', 'plant'],
  ['Hummus', 'fat', 'MS', 60, 'g', 4.7, 8.6, 5.8, 'sesame', 'plant', 'legume'],
  ['Cheddar cheese', 'fat', 'BMS', 30, 'g', 7, 0.4, 9.6, 'dairy', 'dairy'],
  ['Feta cheese', 'fat', 'M', 30, 'g', 4, 1.2, 6.4, 'dairy', 'dairy'],
  ['Mozzarella', 'fat', 'MS', 30, 'g', 6.6, 0.7, 6.3, 'dairy', 'dairy'],
  ['Parmesan', 'fat', 'M', 15, 'g', 5.4, 0.5, 4.3, 'dairy', 'dairy'],
  ['String cheese', 'fat', 'S', 28, 'stick|sticks', 7, 1, 6, 'dairy', 'dairy'],
  ['Cream cheese', 'fat', 'B', 30, 'g', 1.8, 1.6, 10, 'dairy', 'dairy'],
  ['Butter', 'fat', 'BM', 10, 'g', 0.1, 0, 8.1, 'dairy', 'dairy'],
  ['Coconut oil', 'fat', 'M', 14, 'tbsp|tbsp', 0, 0, 14, '', 'plant'],
  ['Unsweetened coconut flakes', 'fat', 'BS', 15, 'g', 1, 3.5, 9.7, '', 'plant'],
  ['Olives', 'fat', 'MS', 50, 'g', 0.4, 3, 5.5, '', 'plant'],
  ['Basil pesto', 'fat', 'M', 15, 'g', 1.5, 0.6, 7, 'dairy, tree nuts', 'plant'],
  ['Coconut yogurt', 'fat', 'BS', 150, 'g', 1, 8, 12, '', 'plant', 'processed'],
  ['Dark chocolate 85%', 'fat', 'S', 20, 'g', 2, 6.5, 9.5, '', 'plant', 'processed'],
  // drinks and other snacks
  ['Skim milk', 'snack', 'BS', 250, 'ml', 8.5, 12, 0.3, 'dairy', 'dairy'],
  ['Whole milk', 'snack', 'BS', 250, 'ml', 8, 12, 8, 'dairy', 'dairy'],
  ['Kefir', 'snack', 'BS', 250, 'ml', 9, 11, 2.5, 'dairy', 'dairy'],
  ['Unsweetened soy milk', 'snack', 'BS', 250, 'ml', 7, 3, 4, 'soy', 'plant', 'legume'],
  ['Unsweetened pea milk', 'snack', 'BS', 250, 'ml', 8, 0.5, 4.7, '', 'plant', 'processed'],
  ['Oat milk', 'snack', 'BS', 250, 'ml', 3, 16, 5, 'gluten', 'plant', 'grain'],
  ['Unsweetened almond milk', 'snack', 'BS', 250, 'ml', 1, 1, 2.5, 'tree nuts', 'plant'],
  ['Protein bar', 'snack', 'S', 60, 'bar|bars', 20, 22, 7, 'dairy, soy', 'dairy', 'processed'],
  ['Trail mix', 'snack', 'S', 30, 'g', 4, 14, 9, 'peanuts, tree nuts', 'plant'],
  ['Roasted seaweed snack', 'snack', 'S', 5, 'g', 0.5, 0.5, 1.8, 'sesame', 'plant', 'processed'],
  ['Honey', 'snack', 'B', 15, 'g', 0, 12, 0, '', 'honey'],
  ['Maple syrup', 'snack', 'B', 20, 'g', 0, 13.4, 0, '', 'plant', 'processed'],
  ['Fruit jam', 'snack', 'B', 20, 'g', 0, 10, 0, '', 'plant', 'processed'],
];

/**
 * Catalog foods that pregnancy guidance (NHS, FDA/EPA, ACOG) says to avoid, and why. Cooked meat, fish, shellfish and
 * eggs, pasteurised milk, yogurt and hard or pasteurised soft cheese stay; so does canned (light) tuna, a low-mercury
 * fish, which a week's plan holds at most twice. Liver, pâté, raw fish and raw eggs are not in the catalog.
 */
const AVOID_IN_PREGNANCY: Record<string, string> = {
  'Smoked salmon': 'cold-smoked fish, a listeria risk',
  'Sliced turkey': 'cold deli meat, a listeria risk unless heated until steaming',
  'Beef jerky': 'cured meat that is not cooked',
  // FDA/EPA "good choice": one serving a week at most, and a week's plan can hold it twice.
  'Baked halibut': 'a moderate-mercury fish',
  // Pasteurised feta is considered safe, but the catalog cannot know what is bought, so it stays out.
  'Feta cheese': 'a soft cheese that may be unpasteurised',
};

export const FOODS: readonly Food[] = ROWS.map(([name, role, times, servingGrams, unit, protein, carbs, fats, allergens, source, family = null]) => {
  const [one, many] = unit.split('|');
  return {
    name,
    role,
    times,
    servingGrams,
    unit: unit === 'g' || unit === 'ml' ? unit : { one: one!, many: many ?? one! },
    protein,
    carbs,
    fats,
    calories: Math.round(protein * 4 + carbs * 4 + fats * 9),
    allergens: allergens.split(', ').filter(Boolean) as Allergen[],
    source,
    family,
    pregnancy: AVOID_IN_PREGNANCY[name] ?? null,
  };
});

for (const name of Object.keys(AVOID_IN_PREGNANCY)) if (!ROWS.some(([n]) => n === name)) throw new Error(`${name} to avoid in pregnancy is not in the catalog`);

/** What a plan or a swap says, once, when pregnancy leaves foods out. */
export const PREGNANCY_TEXT = `I left out foods to avoid in pregnancy: ${Object.entries(AVOID_IN_PREGNANCY)
  .map(([name, why]) => `${name.toLowerCase()} (${why})`)
  .join(', ')}; check with your midwife or doctor about anything else you are unsure of.`;

const byName = new Map(FOODS.map((f) => [f.name, f]));
export const foodNamed = (name: string) => byName.get(name);
