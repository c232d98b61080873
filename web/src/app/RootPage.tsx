import { selectClaims } from '../shared/auth/authSlice';
import { isSubscriberRole } from '../shared/auth/access';
import { useAppSelector } from '../shared/store/hooks';
import { lazyPage, writingDates } from './lazyPage';
// In the entry chunk, not lazy: a visitor's first page paints without waiting for a second request (landing LCP).
import LandingPage from '../features/landing/LandingPage';

const WelcomeDashboard = lazyPage(() => import('../features/dashboard/WelcomeDashboard'));
const DashboardPage = lazyPage(writingDates(() => import('./screens/DashboardScreen')));

/** `/` and `/dashboard` (docs/adr/0103-navigation-and-guards-are-pure.md): landing for visitors, welcome for non-subscribers, the full dashboard for role 3 and staff. */
export default function RootPage() {
  const claims = useAppSelector(selectClaims);
  if (!claims) return <LandingPage />;
  return isSubscriberRole(claims.role) ? <DashboardPage /> : <WelcomeDashboard />;
}
