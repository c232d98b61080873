import { dataScreensAt } from './dataScreensLayout.js';

/** The data screens at a desktop's 1280 px. */
dataScreensAt(1280);
