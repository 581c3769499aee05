import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** SPEC §3 "Device-store state": the registration status of this browser. */
export interface RegistrationStatus {
  isRegistered: boolean;
  /** The server's reason, or AUTHENTICATION_REQUIRED / ERROR / MOBILE when the check could not run. */
  reason: string;
  seatAvailable: boolean;
  deviceCount: number;
  seatLimit: number;
}

export interface DeviceState {
  /** SPEC §9: the device store's seat limit defaults to 1 until the server says otherwise. */
  seatLimit: number;
  registration: RegistrationStatus | null;
  /** Not registered and a seat is free: the "Register this browser" prompt is shown. */
  promptOpen: boolean;
  /** Not registered and no seat free (or DEVICE_LIMIT_REACHED): the Devices screen explains. */
  limitReached: boolean;
  /** The device list answered 404: this server has no device API, so stop calling it. */
  devicesUnavailable: boolean;
}

export const initialDeviceState: DeviceState = {
  seatLimit: 1,
  registration: null,
  promptOpen: false,
  limitReached: false,
  devicesUnavailable: false,
};

export const deviceSlice = createSlice({
  name: 'device',
  initialState: initialDeviceState,
  reducers: {
    registrationChecked: (state, action: PayloadAction<RegistrationStatus>) => {
      const status = action.payload;
      state.registration = status;
      if (status.seatLimit > 0) state.seatLimit = status.seatLimit;
      const canCheck = status.reason !== 'ERROR' && status.reason !== 'AUTHENTICATION_REQUIRED' && status.reason !== 'MOBILE';
      state.promptOpen = canCheck && !status.isRegistered && status.seatAvailable;
      state.limitReached = canCheck && !status.isRegistered && !status.seatAvailable;
    },
    registered: (state) => {
      state.promptOpen = false;
      state.limitReached = false;
      if (state.registration) state.registration = { ...state.registration, isRegistered: true, reason: 'REGISTERED' };
    },
    promptDismissed: (state) => {
      state.promptOpen = false;
    },
    limitReached: (state) => {
      state.promptOpen = false;
      state.limitReached = true;
    },
    seatLimitKnown: (state, action: PayloadAction<number>) => {
      if (action.payload > 0) state.seatLimit = action.payload;
    },
    devicesUnavailable: (state) => {
      state.devicesUnavailable = true;
    },
    deviceStateReset: () => initialDeviceState,
  },
});

export const { registrationChecked, registered, promptDismissed, limitReached, seatLimitKnown, devicesUnavailable, deviceStateReset } =
  deviceSlice.actions;

export interface WithDevice {
  device: DeviceState;
}
export const selectDeviceState = (state: WithDevice): DeviceState => state.device;
