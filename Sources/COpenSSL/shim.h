#ifndef RASTRILLO_COPENSSL_SHIM_H
#define RASTRILLO_COPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/bn.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/err.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/param_build.h>
#include <openssl/obj_mac.h>

/* Compound macros Swift cannot import, re-exported as constants. */
static const int RASTRILLO_EVP_PKEY_KEYPAIR = EVP_PKEY_KEYPAIR;
static const int RASTRILLO_EVP_PKEY_PUBLIC_KEY = EVP_PKEY_PUBLIC_KEY;
static const int RASTRILLO_EVP_CTRL_GCM_SET_IVLEN = EVP_CTRL_AEAD_SET_IVLEN;
static const int RASTRILLO_EVP_CTRL_GCM_GET_TAG = EVP_CTRL_AEAD_GET_TAG;
static const int RASTRILLO_EVP_CTRL_GCM_SET_TAG = EVP_CTRL_AEAD_SET_TAG;
static const int RASTRILLO_NID_P256 = NID_X9_62_prime256v1;

/* Parameter names and values with static lifetime: OSSL_PARAM arrays keep pointers to names. */
static const char *const RASTRILLO_PARAM_DIGEST = OSSL_KDF_PARAM_DIGEST;
static const char *const RASTRILLO_PARAM_KEY = OSSL_KDF_PARAM_KEY;
static const char *const RASTRILLO_PARAM_SALT = OSSL_KDF_PARAM_SALT;
static const char *const RASTRILLO_PARAM_INFO = OSSL_KDF_PARAM_INFO;
static const char *const RASTRILLO_PARAM_GROUP_NAME = OSSL_PKEY_PARAM_GROUP_NAME;
static const char *const RASTRILLO_PARAM_PUB_KEY = OSSL_PKEY_PARAM_PUB_KEY;
static const char *const RASTRILLO_PARAM_PRIV_KEY = OSSL_PKEY_PARAM_PRIV_KEY;
static const char *const RASTRILLO_VALUE_SHA256 = "SHA256";
static const char *const RASTRILLO_VALUE_P256 = "prime256v1";
#endif
