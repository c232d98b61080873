/** What the profile page uses of passwords, devices and deletion; anything else in this folder is its own. */
export { ChangePassword } from './ChangePassword';
export { DeleteAccount } from './DeleteAccount';
export { Devices } from './Devices';
