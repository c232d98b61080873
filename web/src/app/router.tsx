import type { ComponentType, LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { lazyPage, writingDates } from './lazyPage';
import { RequireSubscriber, RequireUser } from './guards';
import Layout from './Layout';
import NotFoundPage from './NotFoundPage';
import RootPage from './RootPage';
import HomeScreen from './screens/HomeScreen';
import LandingPage from '../features/landing/LandingPage';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazyPage(load);

const LoginPage = page(() => import('../features/accounts/signIn/LoginPage'));
const SignupPage = page(() => import('../features/accounts/signIn/SignupPage'));
const VerificationSuccessPage = page(() => import('../features/accounts/signIn/VerificationSuccessPage'));
const ChatPage = page(() => import('./screens/CoachScreen'));
const ProfilePage = page(() => import('./screens/ProfileScreen'));
const WorkoutPlansPage = page(() => import('../features/training/regimens/WorkoutPlansPage'));
const MealPlansPage = page(() => import('../features/nutrition/MealPlansPage'));
const FoodLogPage = page(() => import('../features/nutrition/FoodLogPage'));
const ProgressPage = page(writingDates(() => import('./screens/ProgressScreen')));
const TrackerPage = page(() => import('../features/training/tracker/TrackerPage'));
const TicketPage = page(() => import('../features/support/TicketPage'));
const TicketListPage = page(() => import('../features/support/TicketListPage'));
const TicketDetailPage = page(() => import('../features/support/TicketDetailPage'));
const SubscriptionSuccessPage = page(() => import('../features/billing/SubscriptionSuccessPage'));
const CancelSubscriptionPage = page(() => import('../features/billing/CancelSubscriptionPage'));
const TestCheckoutPage = page(() => import('../features/billing/TestCheckoutPage'));
const PrivacyPage = page(() => import('../features/legal/PrivacyPage'));
const TermsPage = page(() => import('../features/legal/TermsPage'));
const AnalyticsPage = page(() => import('../features/analytics/AnalyticsPage'));
const ForgotPasswordPage = page(() => import('../features/accounts/security/ForgotPasswordPage'));
const ResetPasswordPage = page(() => import('../features/accounts/security/ResetPasswordPage'));

const user = (Component: Page) => <RequireUser><Component /></RequireUser>;
const subscriber = (Component: Page) => <RequireSubscriber><Component /></RequireSubscriber>;

/** docs/product.md#screens-feature-by-feature's route table with the guards of docs/product.md#how-things-change and docs/product.md#who-may-do-what. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <RootPage /> },
      { path: '/dashboard', element: <RootPage /> },
      { path: '/landing', element: <LandingPage /> },
      { path: '/home', element: <HomeScreen /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/verification-success', element: <VerificationSuccessPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/chat', element: <ChatPage /> },
      { path: '/prof', element: user(ProfilePage) },
      { path: '/work', element: subscriber(WorkoutPlansPage) },
      { path: '/plan', element: subscriber(MealPlansPage) },
      { path: '/food', element: subscriber(FoodLogPage) },
      { path: '/prog', element: subscriber(ProgressPage) },
      { path: '/track', element: subscriber(TrackerPage) },
      { path: '/ticket', element: user(TicketPage) },
      { path: '/tickets', element: <TicketListPage /> },
      { path: '/tickets/:ticketId', element: <TicketDetailPage /> },
      { path: '/subscription-success', element: <SubscriptionSuccessPage /> },
      { path: '/subscription-cancel', element: user(CancelSubscriptionPage) },
      { path: '/test-checkout/:sessionId', element: <TestCheckoutPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/analytics', element: user(AnalyticsPage) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Declarative routing (inside <BrowserRouter>) rather than a data router: the app loads its data through RTK Query,
 * not route loaders, and leaving the data router out keeps about a third of react-router out of the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
