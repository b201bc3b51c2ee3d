package delivery

// EncryptPushWith lets the RFC 8291 known-answer test fix the ephemeral key
// and salt.
var EncryptPushWith = encryptPushWith
