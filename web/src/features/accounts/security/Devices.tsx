import { useNavigate } from 'react-router-dom';
import { SIGN_OUT } from '../../../shared/auth/authSlice';
import { Button, Spinner } from '../../../shared/ui';
import { useGetDevicesQuery, useLogoutEverywhereMutation, useSignOutDeviceMutation } from './accountApi';
import { formatDate } from '../../../shared/dates';

const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** The devices signed in to the account, each with its own Sign out, and Sign out everywhere (this one too). */
export function Devices() {
  const { data: devices, isLoading, isError } = useGetDevicesQuery();
  const [signOut, { isLoading: signingOut, originalArgs }] = useSignOutDeviceMutation();
  const [signOutEverywhere, { isLoading: leaving }] = useLogoutEverywhereMutation();
  const navigate = useNavigate();

  const everywhere = async () => {
    await signOutEverywhere();
    void navigate('/login', { state: SIGN_OUT });
  };

  return (
    <div className="stack">
      <h3 id="devices-title">Signed-in devices</h3>
      {isLoading && <Spinner label="Loading your devices…" />}
      {isError && (
        <p className="alert alert--error" role="alert">
          Could not load your devices. Please try again.
        </p>
      )}
      {devices && (
        <ul className="devices" aria-labelledby="devices-title">
          {devices.map((d) => (
            <li key={d.id} className="devices__item">
              <div>
                <strong>{d.device}</strong>
                {d.current && <span className="devices__current"> (this device)</span>}
                <div className="muted">Signed in {when(d.signedInAt)}</div>
              </div>
              {!d.current && (
                <Button small variant="secondary" busy={signingOut && originalArgs === d.id} onClick={() => signOut(d.id)} aria-label={`Sign out ${d.device}, signed in ${when(d.signedInAt)}`}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="danger" busy={leaving} onClick={everywhere}>
          Sign out everywhere
        </Button>
      </div>
    </div>
  );
}
