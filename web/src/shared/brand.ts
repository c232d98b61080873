/** The product's name: shown in the nav, the footer and the landing page's Try button. */
export const PRODUCT = 'Kinetic';
