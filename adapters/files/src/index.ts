export { localFolderFileStore } from "./local-folder"
export { type S3Settings, s3FileStore } from "./s3"
export { type Credentials, signRequest } from "./sigv4"
