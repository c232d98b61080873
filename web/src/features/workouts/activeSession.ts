/** docs/product.md#records "Active session". */
export interface ActiveSession {
  session_id: string;
  regimen_id: string;
  status: string;
  start_time: string;
  elapsed_seconds: number;
  runtime_seconds: number;
  /** What was logged in it so far (the tracker shows it again after a reload); `pending`: not yet synced. */
  exercises?: Array<{ workout_id: string; workout_name: string; sets: number; reps_per_set: number; weight_used_lb: number; notes?: string; pending?: boolean }>;
  /** Distinct exercises logged so far, whole or set by set (warm-ups alone do not count): "N exercises logged". */
  exercises_logged?: number;
  /** Started, paused or resumed on this device and not yet synced. */
  pending?: boolean;
}
