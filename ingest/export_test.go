package ingest

// Test-only views of the embedded broker, for the ingest_test package.

// RetainedTopics lists the topics the broker holds a retained message on.
func (b *Broker) RetainedTopics() []string {
	var topics []string
	for topic := range b.server.Topics.Retained.GetAll() {
		topics = append(topics, topic)
	}
	return topics
}

// PublishAsServer publishes through mochi's own queue, as the server's
// inline client: whatever reached a subscriber before arrives before it.
func (b *Broker) PublishAsServer(topic string, payload []byte) error {
	return b.server.Publish(topic, payload, false, 1)
}

// FilterMatches reports whether an MQTT topic filter matches a topic.
var FilterMatches = filterMatches
