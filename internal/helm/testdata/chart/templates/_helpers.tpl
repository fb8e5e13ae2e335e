{{- define "demo.fullname" -}}{{ .Release.Name }}-{{ .Chart.Name }}{{- end }}
{{- define "demo.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
{{- end }}
{{- define "demo.common" -}}
project: {{ .Values.project }}
{{- end }}
