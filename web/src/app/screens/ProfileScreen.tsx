import ProfilePage from '../../features/accounts/profile/ProfilePage';
import { SubscriptionSection } from '../../features/billing/Subscription';
import { ImportWorkouts, YourData } from '../../features/imports';
import { Reminders } from '../../features/reminders';

/** /prof: the profile (accounts) with its reminders (reminders), subscription section (billing) and the person's data (imports). */
export default function ProfileScreen() {
  return <ProfilePage Reminders={Reminders} Subscription={SubscriptionSection} ImportWorkouts={ImportWorkouts} YourData={YourData} />;
}
