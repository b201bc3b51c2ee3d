package phone

import (
	"time"

	"lifeline"
)

// Rows maps decoded fixes to the rows every fix source writes. Phone apps
// have no sequence numbers: Seq 0, so (device, time) identifies a fix and a
// re-sent one is stored once. A fix that carries the battery also gives a
// battery reading, for the device's health and time-left estimate.
func Rows(userID int64, deviceID, source string, fixes []Fix, received time.Time) ([]lifeline.Fix, []lifeline.BatteryReading) {
	rows := make([]lifeline.Fix, 0, len(fixes))
	var batteries []lifeline.BatteryReading
	for _, f := range fixes {
		rows = append(rows, lifeline.Fix{UserID: userID, DeviceID: deviceID, Source: source, TS: f.TS,
			Lat: f.Lat, Lon: f.Lon, Accuracy: f.Accuracy, Battery: f.Battery,
			Altitude: f.Altitude, Speed: f.Speed, Course: f.Course, ReceivedAt: received})
		if f.Battery != nil {
			batteries = append(batteries, lifeline.BatteryReading{UserID: userID, DeviceID: deviceID, TS: f.TS,
				Battery: *f.Battery, Charging: f.Charging != nil && *f.Charging, ReceivedAt: received})
		}
	}
	return rows, batteries
}
