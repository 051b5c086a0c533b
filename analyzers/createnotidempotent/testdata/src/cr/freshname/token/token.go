// Package token makes bootstrap tokens: random IDs and secrets.
package token

import (
	"crypto/rand"
	"math/big"
)

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"

// Generate returns a random token "<id>.<secret>".
func Generate() (string, error) {
	max := big.NewInt(int64(len(alphabet)))
	b := make([]byte, 22)
	for i := range b {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b[i] = alphabet[n.Int64()]
	}
	return string(b[:6]) + "." + string(b[6:]), nil
}

// SecretName is the name of the Secret that holds the token with id.
func SecretName(id string) string { return "bootstrap-token-" + id }
