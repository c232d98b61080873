import ProfilePage from '../../features/accounts/profile/ProfilePage';
import { SubscriptionSection } from '../../features/billing/Subscription';
import { ImportWorkouts, YourData } from '../../features/imports';

/** /prof: the profile (accounts) with its subscription section (billing) and the person's data (imports). */
export default function ProfileScreen() {
  return <ProfilePage Subscription={SubscriptionSection} ImportWorkouts={ImportWorkouts} YourData={YourData} />;
}
