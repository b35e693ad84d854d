import { VIDEO_STATES_ERROR_MESSAGES, type VideosErrorCode } from '@comptoir/contracts';
import { defineErrors } from '../../platform/errors';

/** Every code is a refusal of the body: 400, with the contract's French message. */
export const videosError = defineErrors<VideosErrorCode>({
  VIDEO_NOT_FOUND: { status: 400, message: VIDEO_STATES_ERROR_MESSAGES.VIDEO_NOT_FOUND },
  INVALID_VIDEO_TIME: { status: 400, message: VIDEO_STATES_ERROR_MESSAGES.INVALID_VIDEO_TIME },
  DUPLICATE_VIDEO_STATE: { status: 400, message: VIDEO_STATES_ERROR_MESSAGES.DUPLICATE_VIDEO_STATE },
  SEVERAL_VIDEOS_IN_PROGRESS: {
    status: 400,
    message: VIDEO_STATES_ERROR_MESSAGES.SEVERAL_VIDEOS_IN_PROGRESS,
  },
});
