package schema

import _ "embed" // the schema's data files

// The data files, read in this order at package initialisation (read.go
// describes their format). A file may use the definitions of the files
// before it.
var (
	//go:embed data/common.txt
	commonData string
	//go:embed data/opensearch.txt
	openSearchData string
	//go:embed data/grafana.txt
	grafanaData string
	//go:embed data/kafka.txt
	kafkaData string
)

var dataFiles = [...]struct{ name, text string }{
	{"core/schema/data/common.txt", commonData},
	{"core/schema/data/opensearch.txt", openSearchData},
	{"core/schema/data/grafana.txt", grafanaData},
	{"core/schema/data/kafka.txt", kafkaData},
}

// readData reads the data files with a new reader.
func readData() *reader {
	r := newReader()
	for _, f := range dataFiles {
		r.read(f.name, f.text)
	}
	return r
}
