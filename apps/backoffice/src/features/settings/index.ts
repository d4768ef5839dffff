// What other features may use of team settings (company set-up sends the first invitations).
export { type InviteInput, sendInvites } from "./api/send-invite";
