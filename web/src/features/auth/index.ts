/** What other features may use of auth; anything else in this folder is its own. */
import './auth.css';
export { failureText } from './failureText';
export { type PasswordErrors, passwordErrors } from './passwordRules';
