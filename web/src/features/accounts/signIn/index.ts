/** What the rest of accounts uses of signing in (and its look); anything else in this folder is its own. */
import './auth.css';
export { failureText } from './failureText';
export { type PasswordErrors, passwordErrors } from './passwordRules';
