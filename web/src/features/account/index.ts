/** What other features may use of account; anything else in this folder is its own. */
export { ChangePassword } from './ChangePassword';
export { DeleteAccount } from './DeleteAccount';
export { Devices } from './Devices';
