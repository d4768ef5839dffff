/** Test harness shared by every API integration suite (issues 3 and 4). */
export { createProduct, orderWithReview, type ReviewRow } from "./catalog";
export {
  CONTRACT,
  CONTRACT_OPERATIONS,
  expectMatchesContract,
  type ResponseLike,
  resolveRef,
} from "./contract";
export {
  createTestDatabase,
  DEFAULT_TEST_DATABASE,
  SQL_TEST_DATABASES,
  TEST_DATABASE_URL,
  TEST_DATABASES,
  type TestDatabaseKind,
} from "./databases";
export { companyWithTeaProduct, type ImportJob, importOrders } from "./order-imports";
export { type ReceivedMail, startTestSmtp, type TestSmtp } from "./smtp";
export {
  authHeaders,
  type CreateTestAppOptions,
  createTestApp,
  TEST_PASSWORD_HASH_PARAMS,
  type TestApp,
  useTestApp,
} from "./test-app";
export {
  addMember,
  createCompanyFor,
  registerVerifiedUser,
  type TestCompany,
  type TestUser,
  uniqueEmail,
} from "./users";
export { type ReceivedHook, startWebhookReceiver } from "./webhook-receiver";
