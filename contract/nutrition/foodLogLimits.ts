/**
 * The bounds of a food log entry, which the server's input checks and events and the web's forms quote alike.
 * An entry is at most what one person eats at one sitting of one food, well beyond a real one.
 */
export const FOOD_LOG = {
  nameLength: 120,
  portionLength: 60,
  idLength: 20,
  quantity: 100,
  portionGrams: 5000,
  calories: 20000,
  macroGrams: 2000,
  /** The most entries one day holds. */
  entriesPerDay: 100,
  /** How many foods a search answers with. */
  searchResults: 20,
  /** How many of the person's own foods are offered (recent, frequent). */
  ownFoods: 20,
} as const;

/** What an entry is called when the person gave no name or measure: the server logs it so, the offline view shows it so. */
export const FOOD_LOG_DEFAULTS = { name: 'Quick add', portion: '1 serving' } as const;
