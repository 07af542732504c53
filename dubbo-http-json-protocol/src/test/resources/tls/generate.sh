#!/bin/sh
# Makes the test-only certificates in this folder (valid for 100 years; never use them outside tests).
# A CA, a provider certificate for 127.0.0.1/localhost, one for another name (elsewhere.*) and a consumer
# certificate signed by it, and a second
# CA with a consumer certificate that the provider must refuse. Keys are unencrypted PKCS#8 PEM except
# server-encrypted.key (password: changeit) and the keys in formats httpjson refuses with advice: server.key as
# PKCS#1 (server-pkcs1.key), the same encrypted (server-pkcs1-encrypted.key, password: changeit), and an EC key
# as SEC1 (ec-sec1.key, no certificate); server.key's PKCS#8 under the label BEGIN RSA PRIVATE KEY.
set -e
cd "$(dirname "$0")"
DAYS=36500
req() { openssl req -new -newkey rsa:2048 -nodes -keyout "$1.key" -subj "/CN=$2" -out "$1.csr" 2>/dev/null; }
ca() { openssl req -x509 -new -newkey rsa:2048 -nodes -keyout "$1.key" -subj "/CN=$2" -days $DAYS -out "$1.pem" \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null; }
sign() { openssl x509 -req -in "$1.csr" -CA "$2.pem" -CAkey "$2.key" -CAcreateserial -days $DAYS -out "$1.pem" \
  -extfile "$1.ext" 2>/dev/null; rm -f "$1.csr" "$1.ext"; }
ca ca "httpjson test CA"
ca other-ca "httpjson untrusted test CA"
req server "127.0.0.1"
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' > server.ext
sign server ca
req elsewhere "provider.example"
printf 'subjectAltName=DNS:provider.example\nextendedKeyUsage=serverAuth\n' > elsewhere.ext
sign elsewhere ca
req client "httpjson test consumer"
printf 'extendedKeyUsage=clientAuth\n' > client.ext
sign client ca
req other-client "httpjson untrusted consumer"
printf 'extendedKeyUsage=clientAuth\n' > other-client.ext
sign other-client other-ca
openssl pkcs8 -topk8 -in server.key -v2 aes-256-cbc -passout pass:changeit -out server-encrypted.key
openssl rsa -in server.key -traditional -out server-pkcs1.key 2>/dev/null
openssl rsa -in server.key -traditional -aes256 -passout pass:changeit -out server-pkcs1-encrypted.key 2>/dev/null
openssl ecparam -name prime256v1 -genkey -noout -out ec-sec1.key
# PKCS#8 under the PKCS#1 label, as Dubbo's own certificate authority (DubboCertManager) writes its keys
sed 's/BEGIN PRIVATE KEY/BEGIN RSA PRIVATE KEY/; s/END PRIVATE KEY/END RSA PRIVATE KEY/' server.key > server-pkcs8-rsa-label.key
rm -f ./*.srl ca.key other-ca.key
